import type { Db } from '../db/client.js';
import { loadPrincipal, type AuthUser } from './principal.js';

/** How long a loaded principal is used: a role change made by another instance counts within this (docs/domain.md#roles). */
export const PRINCIPAL_TTL_MS = 1000;

export interface PrincipalCache {
  /** The user's principal, loaded at most once per TTL (concurrent requests share the load). */
  get(userId: string): Promise<AuthUser | null>;
  /** The user's roles or account changed in this process: the next request reads them fresh. */
  forget(userId: string): void;
  readonly size: number;
}

export interface PrincipalCacheOptions {
  load: (userId: string) => Promise<AuthUser | null>;
  ttlMs?: number;
  /** Bounded, so a flood of distinct valid tokens cannot grow it: the oldest entry goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  principal: Promise<AuthUser | null>;
  expiresAt: number;
}

/**
 * Principals by user id for at most a second (ADR 3, amendment): every authenticated request used
 * to read the user row, which on PGlite was about half the CPU of a cached list page. The promise
 * is kept from the start of the load, so concurrent requests share one query, and forgetting a
 * user also drops a load in flight: nothing read before a change is stored after it.
 */
export const createPrincipalCache = ({
  load,
  ttlMs = PRINCIPAL_TTL_MS,
  maxEntries = 1000,
  now = Date.now,
}: PrincipalCacheOptions): PrincipalCache => {
  const entries = new Map<string, Entry>();
  return {
    get(userId) {
      const at = now();
      const hit = entries.get(userId);
      if (hit && hit.expiresAt > at) return hit.principal;
      entries.delete(userId);
      const entry: Entry = { principal: load(userId), expiresAt: at + ttlMs };
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
    get size() {
      return entries.size;
    },
  };
};

const byDatabase = new WeakMap<Db, PrincipalCache>();

/**
 * The principal cache belongs to the database, like the service caches: apps built on the same
 * database object (tests do that) see each other's changes. The options count only for the call
 * that makes the cache: a test gives its clock before it builds the app, instead of sleeping out
 * the TTL.
 */
export const principalCacheFor = (
  db: Db,
  options: Pick<PrincipalCacheOptions, 'now' | 'ttlMs'> = {},
): PrincipalCache => {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = createPrincipalCache({ ...options, load: (userId) => loadPrincipal(db, userId) });
    byDatabase.set(db, cache);
  }
  return cache;
};

/** After a write to a user row (roles, entitlements, names) has committed: this process reads it fresh at once. */
export const principalChanged = (db: Db, userId: string): void => {
  byDatabase.get(db)?.forget(userId);
};
