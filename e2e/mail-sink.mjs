// A real SMTP server for the browser tests, started by playwright.config.ts beside the portal: the
// portal under test sends its mails here (SMTP_URL), and the tests read what arrived as JSON from
// GET /mails on a second loopback port (mailbox.ts). No TLS, loopback only; it asks for the
// user and password of the run (secrets.ts), so the portal's SMTP_URL holds a password the log
// check looks for.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT);
const received = [];

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as the text they stand for. */
const decodeWords = (value) =>
  value
    // Whitespace between two encoded words belongs to neither.
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_word, _charset, encoding, text) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_hex, code) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );

/** A header's value: unfolded (continuation lines joined) and decoded, as a mail program shows it. */
const headerOf = (raw, name) => {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  return decodeWords(new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '');
};

const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    if (auth.username === process.env.E2E_SMTP_USER && auth.password === process.env.E2E_SMTP_PASSWORD)
      callback(null, { user: auth.username });
    else callback(new Error('Invalid username or password'));
  },
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
