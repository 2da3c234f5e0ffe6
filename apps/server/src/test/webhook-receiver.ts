import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Whether the signature verified with the secret given to `verifyWith` at the time it arrived. */
  verified: boolean;
  status: number;
}

/**
 * A webhook receiver on a loopback port for the tests: it verifies each request's Standard
 * Webhooks signature with the `standardwebhooks` package, answers with the next status of its
 * script (200 once the script is done), and can hold its answers, as a slow receiver would.
 */
export const startWebhookReceiver = async () => {
  const received: ReceivedWebhook[] = [];
  let secret: string | null = null;
  let script: number[] = [];
  let holding = false;
  const held: ServerResponse[] = [];
  const arrivalListeners: (() => void)[] = [];

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
      };
      let verified = false;
      try {
        if (secret) {
          new Webhook(secret).verify(body, headers);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const status = script.shift() ?? 200;
      received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        verified,
        status,
      });
      for (const listener of arrivalListeners.splice(0)) listener();
      if (holding) held.push(response);
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    verifyWith: (next: string) => {
      secret = next;
    },
    /** The statuses of the next answers, in order. */
    answer: (statuses: number[]) => {
      script = [...statuses];
    },
    hold: (on: boolean) => {
      holding = on;
    },
    /** Resolves when the next request has arrived. */
    nextArrival: () => new Promise<void>((resolve) => arrivalListeners.push(resolve)),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
