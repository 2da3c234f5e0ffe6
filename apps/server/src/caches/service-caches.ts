import type { Database, Db } from '../db/client.js';
import { FALLBACK_CHECK_MS, hearsOtherInstances } from '../instances/listening-state.js';
import { createPublicPortfolioCache, type PublicPortfolioCache } from './public-portfolio-cache.js';

/** What stays cached per process: the lists are SQL per request (docs/adr/0073-lists-and-search-in-the-database.md). */
export interface ServiceCaches {
  publicPortfolio: PublicPortfolioCache;
}

const byDatabase = new WeakMap<Db, ServiceCaches>();

/**
 * The public portfolio's cache belongs to the database, not to one app: apps built on the same
 * database object (tests do that) see each other's invalidations. Other instances' notices
 * invalidate it (ADR 0076); only while none can arrive on PostgreSQL does it look itself.
 */
export const serviceCachesFor = (database: Database, onError: (error: unknown) => void): ServiceCaches => {
  const existing = byDatabase.get(database.db);
  if (existing) return existing;
  const portfolioCheckMs = () =>
    database.kind === 'postgres' && !hearsOtherInstances(database.db) ? FALLBACK_CHECK_MS : Number.POSITIVE_INFINITY;
  const caches: ServiceCaches = {
    publicPortfolio: createPublicPortfolioCache({ db: database.db, revalidateMs: portfolioCheckMs, onError }),
  };
  byDatabase.set(database.db, caches);
  return caches;
};

/**
 * What the public portfolio shows changed: in this process (the write pipeline calls it after the
 * commit, writes/after-commit.ts), in another instance (its notice), or notices may have been
 * missed. A database no app has read from yet has no cache to clear.
 */
export const publicPortfolioChangedIn = (db: Db): void => {
  byDatabase.get(db)?.publicPortfolio.invalidate();
};
