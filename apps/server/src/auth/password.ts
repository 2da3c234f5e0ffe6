import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1. The parameters travel in the hash so they can grow. */
export const MIN_PASSWORD_HASH_COST = 17;
export const MAX_PASSWORD_HASH_COST = 20;

/** scrypt's parameters for a cost (log2 of N, PASSWORD_HASH_COST): only N grows, as OWASP's table does. */
export const scryptParameters = (cost = MIN_PASSWORD_HASH_COST): ScryptParameters => ({ N: 2 ** cost, r: 8, p: 1 });

const KEY_LENGTH = 64;

const derive = (password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

const parse = (stored: string) => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return null;
  return { params: { N: Number(n), r: Number(r), p: Number(p) }, salt, hash };
};

export const hashPassword = async (password: string, params = scryptParameters()): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const actual = await derive(password, Buffer.from(parsed.salt, 'base64'), parsed.params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

/** A hash made with other parameters than the configured ones is made again at the next chance. */
export const hasParameters = (stored: string, params: ScryptParameters): boolean => {
  const parsed = parse(stored);
  return !!parsed && parsed.params.N === params.N && parsed.params.r === params.r && parsed.params.p === params.p;
};

/**
 * Spends the same time as a real check, so an unknown account cannot be told from a wrong password:
 * the same parameters the configured admin's hash is made with.
 */
const dummyHashes = new Map<number, Promise<string>>();
export const burnPasswordCheck = async (password: string, params = scryptParameters()): Promise<void> => {
  let dummy = dummyHashes.get(params.N);
  if (!dummy) {
    dummy = hashPassword('not-a-password', params);
    dummyHashes.set(params.N, dummy);
  }
  await verifyPassword(password, await dummy);
};
