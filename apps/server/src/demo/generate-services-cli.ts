// Fills a development database with generated services, for benchmarks and trying the lists at scale:
//
//   node apps/server/dist/demo/generate-services-cli.js --count 10000 [--seed 1] [--change-requests 2000]
//     [--resource-packages 5000] [--contacts 50000]
//   node --import tsx apps/server/src/demo/generate-services-cli.ts --count 10000
//
// It reads the server's environment (DATA_DIR or DATABASE_URL, and PORT/PUBLIC_URL, which decide
// the demo logins' issuer), migrates, seeds the demo data if it is not there yet and adds the
// services in one transaction. PGlite allows one process per data directory: run it while the
// server is stopped. Refuses NODE_ENV=production. Prints one JSON line with what it did.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase } from '../db/client.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { generateChangeRequests } from './generate-change-requests.js';
import { generateContacts } from './generate-contacts.js';
import { generateResourcePackages } from './generate-resource-packages.js';
import { generateServices } from './generate-services.js';
import { demoSeedOptions, seedDemoData } from './seed-demo-data.js';

const fail = (message: string): never => {
  console.error(`generate-services: ${message}`);
  process.exit(1);
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '10000' },
      seed: { type: 'string', default: '1' },
      'change-requests': { type: 'string', default: '0' },
      'resource-packages': { type: 'string', default: '0' },
      contacts: { type: 'string', default: '0' },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1 || count > 90_000) fail('--count must be a whole number from 1 to 90000');
  if (!Number.isInteger(seed)) fail('--seed must be a whole number');
  const changeRequestCount = Number(values['change-requests']);
  if (!Number.isInteger(changeRequestCount) || changeRequestCount < 0 || changeRequestCount > 90_000)
    fail('--change-requests must be a whole number from 0 to 90000');
  const packageCount = Number(values['resource-packages']);
  if (!Number.isInteger(packageCount) || packageCount < 0 || packageCount > 90_000)
    fail('--resource-packages must be a whole number from 0 to 90000');
  const contactCount = Number(values.contacts);
  if (!Number.isInteger(contactCount) || contactCount < 0 || contactCount > 200_000)
    fail('--contacts must be a whole number from 0 to 200000');

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (config.env === 'production') fail('generated services are for development and benchmarks, not production');

  const started = Date.now();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    // The portal runs on this data dir: it has to be stopped first.
    if (error instanceof DataDirInUseError) fail(error.message);
    throw error;
  }
  try {
    const demo = await seedDemoData(database.db, demoSeedOptions(config));
    const seededMs = Date.now() - started;
    const result = await generateServices(database.db, { count, seed });
    const changes =
      changeRequestCount > 0 ? await generateChangeRequests(database.db, { count: changeRequestCount, seed }) : null;
    const packages =
      packageCount > 0 ? await generateResourcePackages(database.db, { count: packageCount, seed }) : null;
    const contacts = contactCount > 0 ? await generateContacts(database.db, { count: contactCount, seed }) : null;
    // Statistics for every table, the demo seed's too (service_reviews holds a handful of rows, which
    // autovacuum never analyzes): without them the planner guesses hundreds of rows and joins by
    // hashing every service. The benchmarks read the lists right after this.
    await database.db.execute(sql`analyze`);
    console.log(
      JSON.stringify({
        generated: result.generated,
        demoDataSeeded: demo !== null,
        seconds: (Date.now() - started) / 1000,
        generateSeconds: (Date.now() - started - seededMs) / 1000,
        byState: result.byState,
        changeRequests: changes?.generated ?? 0,
        resourcePackages: packages?.generated ?? 0,
        contacts: contacts?.generated ?? 0,
      }),
    );
  } finally {
    await database.close();
  }
};

main().catch((error: unknown) => {
  console.error('generate-services failed:', error);
  process.exit(1);
});
