import { createHmac } from 'node:crypto';

/**
 * The Standard Webhooks signature of one try: `v1,` and base64 of HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>` with the secret's bytes (the base64 after `whsec_`).
 */
export const signWebhook = (secret: Buffer, id: string, timestamp: number, body: string): string =>
  `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
