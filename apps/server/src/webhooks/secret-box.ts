import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { getOrCreateSecret } from '../db/secrets.js';

/**
 * Webhook secrets at rest (docs/adr/0120-event-feed-and-signed-webhooks.md): signing needs the
 * secret itself, so it cannot be hashed like an API token; it is kept encrypted with AES-256-GCM
 * under a key generated once and shared by every instance (app_secrets, as the session key is when
 * JWT_SECRET is not set). The endpoint row, the logs and every answer after the first hold only the
 * ciphertext or nothing.
 */
export interface SecretBox {
  seal(secret: Buffer): string;
  open(sealed: string): Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export const openSecretBox = async (db: Db): Promise<SecretBox> => {
  const key = Buffer.from(
    await getOrCreateSecret(db, 'webhook-secret-key', () => randomBytes(32).toString('base64')),
    'base64',
  );
  return {
    seal: (secret) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
      return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64');
    },
    open: (sealed) => {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]);
    },
  };
};

/** A new secret: 32 random bytes, and how the receiver is given them (`whsec_` and base64, as the specification writes it). */
export const newWebhookSecret = (): { bytes: Buffer; text: string } => {
  const bytes = randomBytes(32);
  return { bytes, text: `${WEBHOOK_SECRET_PREFIX}${bytes.toString('base64')}` };
};
