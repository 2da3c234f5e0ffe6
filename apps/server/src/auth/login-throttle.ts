import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { loginThrottle } from '../db/schema.js';

export interface LoginThrottle {
  /** Seconds until the first of these keys may try again, or 0 when none is blocked. */
  retryAfter(keys: string[]): Promise<number>;
  recordFailure(tx: Tx, keys: string[]): Promise<void>;
  reset(tx: Tx, key: string): Promise<void>;
}

export const throttleKeys = (ip: string, login: string) => [`ip:${ip}`, `account:${login.trim().toLowerCase()}`];

/** Counts failed direct logins in the database, so every instance sees the same count. */
export const createLoginThrottle = (db: Db, options: { maxFailures: number; windowMinutes: number }): LoginThrottle => {
  const windowInterval = sql.raw(`interval '${Math.floor(options.windowMinutes)} minutes'`);
  return {
    retryAfter: async (keys) => {
      const rows = await db
        .select({
          seconds: sql<number>`ceil(extract(epoch from (${loginThrottle.blockedUntil} - now())))::int`,
        })
        .from(loginThrottle)
        .where(sql`${inArray(loginThrottle.key, keys)} and ${loginThrottle.blockedUntil} > now()`);
      return rows.reduce((max, row) => Math.max(max, Number(row.seconds)), 0);
    },
    recordFailure: async (tx, keys) => {
      for (const key of keys) {
        await tx.execute(sql`
          insert into login_throttle as t (key, failures, window_start)
          values (${key}, 1, now())
          on conflict (key) do update set
            failures = case when t.window_start < now() - ${windowInterval} then 1 else t.failures + 1 end,
            window_start = case when t.window_start < now() - ${windowInterval} then now() else t.window_start end,
            blocked_until = case
              when (case when t.window_start < now() - ${windowInterval} then 1 else t.failures + 1 end) >= ${options.maxFailures}
              then now() + ${windowInterval}
              else t.blocked_until end`);
      }
    },
    reset: async (tx, key) => {
      await tx.delete(loginThrottle).where(sql`${loginThrottle.key} = ${key}`);
    },
  };
};
