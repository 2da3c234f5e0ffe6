import type { Db } from '../db/client.js';

/** How many of this database object's listeners listen now (tests may build two apps on one). */
const listeningBy = new WeakMap<Db, number>();

/**
 * While the portal hears other instances' notices, the caches trust them: the public portfolio
 * never asks the database, principals live long. While a listener on PostgreSQL is down (or not
 * yet up) they check the database themselves (docs/adr/0076-caches-kept-in-step-by-notify.md).
 * On PGlite nothing listens: no other instance can write to it.
 */
export const hearsOtherInstances = (db: Db): boolean => (listeningBy.get(db) ?? 0) > 0;

/** A listener of this database object started (true) or stopped (false) listening. */
export const noteListening = (db: Db, listening: boolean): void => {
  const count = Math.max(0, (listeningBy.get(db) ?? 0) + (listening ? 1 : -1));
  listeningBy.set(db, count);
};

/**
 * How often at most a cache asks the database about other instances' changes while it hears no
 * notices: the bound every answer had before the notices.
 */
export const FALLBACK_CHECK_MS = 1000;
