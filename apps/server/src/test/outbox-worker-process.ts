/**
 * An outbox worker alone in a process, for the test that kills it mid-send
 * (mail/outbox-worker-crash.test.ts): `node --import tsx outbox-worker-process.ts <pglite dir> <smtp url>`.
 */
import { openDatabase } from '../db/client.js';
import { startOutboxWorker } from '../mail/outbox-worker.js';
import { smtpTransport } from '../mail/smtp-transport.js';

const [dataDir, smtpUrl] = process.argv.slice(2);
const database = await openDatabase({ dataDir: dataDir!, migrate: false });
startOutboxWorker({
  db: database.db,
  transport: smtpTransport(smtpUrl!),
  from: 'noreply@portal.example',
  pollMs: 200,
  leaseMs: 1_500,
  backoffMs: () => 0,
  onError: (error) => console.error(error),
});
console.log('worker started');
