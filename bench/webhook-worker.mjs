// The webhook worker's delivery rate, for the bench's webhook row (see README.md): a fresh PGlite in
// a temp dir with the real migrations and the demo data, ENDPOINTS endpoints on one local receiver
// (node:http, in this process, answering 200), one delivery per endpoint and feed event of the demo
// data queued, and one worker of the built server signing and POSTing them. Prints JSON
// {deliveries, events, endpoints, seconds} on stdout at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib.mjs';

const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS) || 5;
const dist = (file) => path.join(repoRoot, 'apps/server/dist', file);
const { openDatabase } = await import(dist('db/client.js'));
const { auditEvents, webhookDeliveries, webhookEndpoints } = await import(dist('db/schema.js'));
const { loadConfig } = await import(dist('config/config.js'));
const { demoSeedOptions, seedDemoData } = await import(dist('demo/seed-demo-data.js'));
const { openSecretBox, newWebhookSecret } = await import(dist('webhooks/secret-box.js'));
const { startWebhookWorker } = await import(dist('webhooks/webhook-worker.js'));
const { FEED_ACTIONS, FEED_TYPE_OF_ACTION } = await import('@nubes/domain');
const { inArray } = await import('drizzle-orm');

const dir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-webhooks-'));
let received = 0;
let expected = Infinity;
let allArrived;
const arrived = new Promise((resolve) => (allArrived = resolve));
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(200).end();
    if (received === expected) allArrived();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${receiver.address().port}/hooks`;

const database = await openDatabase({ dataDir: dir });
try {
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
  await seedDemoData(database.db, demoSeedOptions(config));
  const box = await openSecretBox(database.db);
  const endpoints = await database.db
    .insert(webhookEndpoints)
    .values(
      Array.from({ length: ENDPOINTS }, (_, i) => ({
        url: `${url}/${i}`,
        eventTypes: Object.values(FEED_TYPE_OF_ACTION),
        description: `bench ${i}`,
        secretCiphertext: box.seal(newWebhookSecret().bytes),
      })),
    )
    .returning();
  const events = await database.db
    .select({ id: auditEvents.id, action: auditEvents.action })
    .from(auditEvents)
    .where(inArray(auditEvents.action, FEED_ACTIONS));
  const rows = endpoints.flatMap((endpoint) =>
    events.map((event) => ({
      endpointId: endpoint.id,
      eventId: event.id,
      eventType: FEED_TYPE_OF_ACTION[event.action],
    })),
  );
  for (let start = 0; start < rows.length; start += 1000)
    await database.db.insert(webhookDeliveries).values(rows.slice(start, start + 1000));
  // Events whose object is gone are given up at once, not sent: only the others reach the receiver.
  expected = rows.length;
  const began = process.hrtime.bigint();
  const worker = startWebhookWorker({
    db: database.db,
    box,
    publicUrl: 'http://localhost:8080',
    allowPrivateTargets: true,
    pollMs: 100,
    maxTries: 1,
  });
  const done = async () => {
    for (;;) {
      const open = await database.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.state, ['pending', 'sending']))
        .limit(1);
      if (open.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.race([arrived, done()]);
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  await worker.stop();
  console.log(JSON.stringify({ deliveries: received, events: events.length, endpoints: ENDPOINTS, seconds }));
} finally {
  await database.close().catch(() => undefined);
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dir, { recursive: true, force: true });
}
