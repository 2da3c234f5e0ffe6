// A real SMTP server for the browser tests, started by playwright.config.ts beside the portal: the
// portal under test sends its mails here (SMTP_URL), and the tests read what arrived as JSON from
// GET /mails on a second loopback port (mailbox.ts). No TLS, no authentication, loopback only.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT);
const received = [];

const headerOf = (raw, name) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';

const smtp = new SMTPServer({
  disabledCommands: ['AUTH', 'STARTTLS'],
  disableReverseLookup: true,
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        subject: headerOf(raw, 'Subject'),
        raw,
      });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/mails') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(received));
      return;
    }
    response.writeHead(404);
    response.end();
  })
  .listen(mailboxPort, '127.0.0.1');

const stop = () => smtp.close(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
