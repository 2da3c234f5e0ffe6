import type { Db } from '../db/client.js';
import { hearsOtherInstances } from '../instances/listening-state.js';
import { loadPrincipal, type AuthUser } from './principal.js';

/**
 * How long a loaded principal is used while no notices arrive (PGlite; PostgreSQL with the
 * listener down): a role change made by another instance counts within this (docs/domain.md#roles).
 */
export const PRINCIPAL_TTL_MS = 1000;

/**
 * How long while notices arrive: another instance's change forgets the principal at once
 * (caches/watch-other-instances.ts); the TTL is only a safety net.
 */
export const LISTENING_PRINCIPAL_TTL_MS = 60_000;

export interface PrincipalCache<V = AuthUser> {
  /** The user's principal, loaded at most once per TTL (concurrent requests share the load). */
  get(userId: string): Promise<V | null>;
  /** The user's roles or account changed in this process: the next request reads them fresh. */
  forget(userId: string): void;
  /** Notices may have been missed: every user is read fresh. */
  forgetAll(): void;
  readonly size: number;
}

export interface PrincipalCacheOptions<V = AuthUser> {
  load: (userId: string) => Promise<V | null>;
  /** Asked at every request, so a change of it (the listener lost) counts for principals loaded before. */
  ttlMs?: number | (() => number);
  /** Bounded, so a flood of distinct valid tokens cannot grow it: the oldest entry goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<V> {
  principal: Promise<V | null>;
  loadedAt: number;
}

/**
 * Principals by user id for at most the TTL (ADR 3, amendment; ADR 0076): every authenticated request used
 * to read the user row, which on PGlite was about half the CPU of a cached list page. The promise
 * is kept from the start of the load, so concurrent requests share one query, and forgetting a
 * user also drops a load in flight: nothing read before a change is stored after it. The sessions
 * are kept the same way, by session id (session-cache.ts).
 */
export const createPrincipalCache = <V = AuthUser>({
  load,
  ttlMs = PRINCIPAL_TTL_MS,
  maxEntries = 1000,
  now = Date.now,
}: PrincipalCacheOptions<V>): PrincipalCache<V> => {
  const entries = new Map<string, Entry<V>>();
  const ttl = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  return {
    get(userId) {
      const at = now();
      const hit = entries.get(userId);
      if (hit && at - hit.loadedAt < ttl()) return hit.principal;
      entries.delete(userId);
      const entry: Entry<V> = { principal: load(userId), loadedAt: at };
      entries.set(userId, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      // A failed load is not kept: the next request tries again.
      entry.principal.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
      return entry.principal;
    },
    forget(userId) {
      entries.delete(userId);
    },
    forgetAll() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
};

/**
 * A cache of the database, not of one app: apps built on the same database object (tests do that)
 * see each other's changes. Its TTL is long while this database object hears other instances'
 * notices, short otherwise. `changed` after a change has committed in this process (the next
 * request reads it fresh at once); `allChanged` when other instances' notices may have been missed.
 */
export const databaseCache = <V>(load: (db: Db, id: string) => Promise<V | null>, maxEntries?: number) => {
  const byDatabase = new WeakMap<Db, PrincipalCache<V>>();
  return {
    cacheFor: (db: Db): PrincipalCache<V> => {
      let cache = byDatabase.get(db);
      if (!cache) {
        cache = createPrincipalCache<V>({
          ttlMs: () => (hearsOtherInstances(db) ? LISTENING_PRINCIPAL_TTL_MS : PRINCIPAL_TTL_MS),
          maxEntries,
          load: (id) => load(db, id),
        });
        byDatabase.set(db, cache);
      }
      return cache;
    },
    changed: (db: Db, id: string): void => byDatabase.get(db)?.forget(id),
    allChanged: (db: Db): void => byDatabase.get(db)?.forgetAll(),
  };
};

const principals = databaseCache(loadPrincipal);
export const principalCacheFor = principals.cacheFor;
/** After a write to a user row (roles, entitlements, names) has committed. */
export const principalChanged = principals.changed;
export const allPrincipalsChanged = principals.allChanged;
