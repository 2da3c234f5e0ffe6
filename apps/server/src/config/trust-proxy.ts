import { isIP } from 'node:net';
import { ConfigError } from './config-error.js';

/** The names Fastify's trustProxy (proxy-addr) knows for the reserved ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether `value` is an address or an address/prefix network (TRUST_PROXY, METRICS_ALLOW). */
export const isNetwork = (value: string): boolean => {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 6 ? 128 : 32);
};

/** A comma-separated setting's entries, trimmed, empty ones dropped. */
export const commaList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

const isAddressOrNetwork = (entry: string): boolean => RANGE_NAMES.has(entry) || isNetwork(entry);

/**
 * TRUST_PROXY: `false` (default), `true` (every hop: development only, see production-checks.ts) or
 * the reverse proxies' addresses and networks, comma-separated, which Fastify's trustProxy takes as
 * a list: X-Forwarded-* counts only when the connection comes from one of them.
 */
export const parseTrustProxy = (value: string | undefined): boolean | string[] => {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const entries = commaList(text);
  const wrong = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (entries.length === 0 || wrong.length > 0)
    throw new ConfigError(
      `TRUST_PROXY must be false or the reverse proxy's addresses and networks, comma-separated ` +
        `(e.g. 10.0.0.5,10.1.0.0/16 or loopback); "${wrong.join(', ') || text}" is none of these.`,
    );
  return entries;
};

/** A network that holds every address (0.0.0.0/0, ::/0): the same as trusting every hop. */
export const trustsEveryAddress = (trustProxy: boolean | string[]): boolean =>
  trustProxy === true || (Array.isArray(trustProxy) && trustProxy.some((entry) => /\/0+$/.test(entry)));
