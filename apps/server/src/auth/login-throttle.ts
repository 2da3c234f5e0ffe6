import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { loginThrottle } from '../db/schema.js';

/**
 * Direct-login throttle (ADR 0016). Every attempt is counted before the password is checked, in one
 * statement that increments and answers the counts, so a burst sent at once cannot slip past the
 * limit while the slow hash runs. Two counters per attempt: the address with the account (guessing
 * one account's password) and the address alone (trying many accounts). No counter is the
 * account's alone, so nobody elsewhere can lock a person out of their own login.
 */
export interface LoginThrottle {
  /** Counts this attempt; answers the seconds to wait when it is over a limit, else 0 (then check the password). */
  countAttempt(ip: string, login: string): Promise<number>;
  /** After a successful login: its address+account counter starts again, and the attempt no longer counts against the address. */
  succeeded(tx: Tx, ip: string, login: string): Promise<void>;
}

/**
 * The address an attempt is counted against. An IPv6 host usually holds a whole /64, so the /64 is
 * one address here; an IPv4-mapped IPv6 address is its IPv4 address.
 */
export const throttleAddress = (ip: string): string => {
  const address = ip.split('%')[0]!.toLowerCase();
  if (!address.includes(':')) return address;
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/.test(address)) return address.slice('::ffff:'.length);
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
};

const accountOf = (login: string) => login.trim().toLowerCase();

/** The counters' keys; an operator clears an account's counters with `key like 'ip+account:%|<login>'`. */
export const throttleKeys = (ip: string, login: string) => {
  const address = throttleAddress(ip);
  return { pair: `ip+account:${address}|${accountOf(login)}`, address: `ip:${address}` };
};

/** Counts direct-login attempts in the database, so every instance sees the same count. */
export const createLoginThrottle = (db: Db, options: { maxFailures: number; windowMinutes: number }): LoginThrottle => {
  const windowInterval = sql.raw(`interval '${Math.floor(options.windowMinutes)} minutes'`);
  const expired = sql`${loginThrottle.windowStart} <= now() - ${windowInterval}`;
  const attempts = sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`;
  const windowStart = sql`case when ${expired} then now() else ${loginThrottle.windowStart} end`;
  return {
    countAttempt: async (ip, login) => {
      const keys = throttleKeys(ip, login);
      // Always pair before address: concurrent statements then lock shared rows in the same order.
      const rows = await db
        .insert(loginThrottle)
        .values([keys.pair, keys.address].map((key) => ({ key, failures: 1, windowStart: sql`now()` })))
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: attempts,
            windowStart,
            blockedUntil: sql`case when ${attempts} > ${options.maxFailures} then ${windowStart} + ${windowInterval} end`,
          },
        })
        .returning({
          failures: loginThrottle.failures,
          secondsLeft: sql<number>`ceil(extract(epoch from (${loginThrottle.windowStart} + ${windowInterval} - now())))::int`,
        });
      return rows
        .filter((row) => row.failures > options.maxFailures)
        .reduce((wait, row) => Math.max(wait, Number(row.secondsLeft), 1), 0);
    },
    succeeded: async (tx, ip, login) => {
      const keys = throttleKeys(ip, login);
      await tx.delete(loginThrottle).where(eq(loginThrottle.key, keys.pair));
      await tx
        .update(loginThrottle)
        .set({ failures: sql`${loginThrottle.failures} - 1` })
        .where(and(eq(loginThrottle.key, keys.address), gt(loginThrottle.failures, 0)));
    },
  };
};
