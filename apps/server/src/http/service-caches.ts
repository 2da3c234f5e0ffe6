import type { Database, Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import type { Services } from '../services.js';
import { createAnswerCache, type AnswerCache } from './answer-cache.js';
import { createPublicPortfolioCache, type PublicPortfolioCache } from './public-portfolio-cache.js';

export interface ServiceCaches {
  publicPortfolio: PublicPortfolioCache;
  serviceLists: AnswerCache;
}

const byDatabase = new WeakMap<Db, ServiceCaches>();

/**
 * The caches of serialized service answers belong to the database, not to one app: apps built on
 * the same database object (tests do that) see each other's invalidations. Other processes can
 * only write to a PostgreSQL server, so only there the caches look for foreign changes (once a
 * second); PGlite belongs to this process alone.
 */
export const serviceCachesFor = (database: Database, onError: (error: unknown) => void): ServiceCaches => {
  const existing = byDatabase.get(database.db);
  if (existing) return existing;
  const revalidateMs = database.kind === 'postgres' ? 1000 : Number.POSITIVE_INFINITY;
  const caches: ServiceCaches = {
    publicPortfolio: createPublicPortfolioCache({ db: database.db, revalidateMs, onError }),
    serviceLists: createAnswerCache({ fingerprint: () => serviceDataFingerprint(database.db), revalidateMs, onError }),
  };
  byDatabase.set(database.db, caches);
  return caches;
};

/** Forgets every cached answer built from this database (test fixtures that write rows directly). */
export const invalidateServiceCaches = (db: Db): void => {
  const caches = byDatabase.get(db);
  caches?.publicPortfolio.invalidate();
  caches?.serviceLists.invalidate();
};

/** After a service changed in this process: the cached lists and the public portfolio are stale at once. */
export const serviceChanged = (services: Services): void => {
  services.publicPortfolio.invalidate();
  services.serviceLists.invalidate();
};
