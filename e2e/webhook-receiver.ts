import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one delivery brought: the Standard Webhooks headers and the body as sent. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** A webhook receiver on loopback that answers 200 and keeps what came (docs/adr/0120-event-feed-and-signed-webhooks.md). */
export const startReceiver = async () => {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        id: String(request.headers['webhook-id']),
        timestamp: String(request.headers['webhook-timestamp']),
        signature: String(request.headers['webhook-signature']),
        body,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/walk-${Date.now()}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Standard Webhooks: `v1,` and base64 of HMAC-SHA256 over `id.timestamp.body` with the secret's bytes. */
export const signatureOf = (secret: string, message: Received) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${message.id}.${message.timestamp}.${message.body}`)
    .digest('base64')}`;
