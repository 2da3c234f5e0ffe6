import type { Database, Db } from '../db/client.js';
import { createFieldValueCache, type FieldValueCache } from '../read-models/field-values.js';
import { createReviewIndex, type ReviewIndex } from '../read-models/review-index.js';
import { createChangeRequestList, type ChangeRequestList } from '../read-models/change-request-list.js';
import {
  createResourcePackageReviewList,
  type ResourcePackageReviewList,
} from '../read-models/resource-package-review-list.js';
import { createServiceListIndex, type ServiceListIndex } from '../read-models/service-list-index.js';
import { createContactList, type ContactList } from '../read-models/contact-list.js';
import { loadLatestActivity, loadOpenVos, type ActivityRow, type OpenVo } from '../queries/dashboard.js';
import { createRecentRows, type RecentRows } from '../read-models/recent-rows.js';
import { FALLBACK_CHECK_MS, hearsOtherInstances } from '../instances/listening-state.js';
import { createPublicPortfolioCache, type PublicPortfolioCache } from './public-portfolio-cache.js';

export interface ServiceCaches {
  publicPortfolio: PublicPortfolioCache;
  serviceIndex: ServiceListIndex;
  fieldValues: FieldValueCache;
  reviewIndex: ReviewIndex;
  /** The Change Request List's rows (they show service names too, so service changes reach it). */
  changeRequestList: ChangeRequestList;
  /** The Resource Package Review List's rows (they show service names and types too). */
  resourcePackageReviewList: ResourcePackageReviewList;
  /** The contacts (they show institution names too, so institution changes reach them). */
  contactList: ContactList;
  /** The portal's latest audit events (the dashboards' activity), at most a second old. */
  recentActivity: RecentRows<ActivityRow>;
  /** The VOs in draft or waiting for a review (the dashboards' waiting VOs), at most a second old. */
  openVos: RecentRows<OpenVo>;
}

const byDatabase = new WeakMap<Db, ServiceCaches>();

/**
 * How often at most the lists and the public portfolio ask PostgreSQL whether another instance
 * changed what they show: an answer is never older than this (ADR 0010, ADR 0054).
 */
export const OTHER_INSTANCES_CHECK_MS = 1000;

/**
 * The caches of service answers and the list index belong to the database, not to one app: apps built on
 * the same database object (tests do that) see each other's invalidations. Other processes can
 * only write to a PostgreSQL server, so only there the caches look for foreign changes (once a
 * second); PGlite belongs to this process alone.
 */
export const serviceCachesFor = (database: Database, onError: (error: unknown) => void): ServiceCaches => {
  const existing = byDatabase.get(database.db);
  if (existing) return existing;
  const revalidateMs = database.kind === 'postgres' ? OTHER_INSTANCES_CHECK_MS : Number.POSITIVE_INFINITY;
  // Other instances' notices invalidate it (ADR 0076); it looks itself only while none arrive.
  const portfolioCheckMs = () =>
    database.kind === 'postgres' && !hearsOtherInstances(database.db) ? FALLBACK_CHECK_MS : Number.POSITIVE_INFINITY;
  const caches: ServiceCaches = {
    publicPortfolio: createPublicPortfolioCache({ db: database.db, revalidateMs: portfolioCheckMs, onError }),
    serviceIndex: createServiceListIndex({ db: database.db, revalidateMs, onError }),
    // Checks itself against the list snapshot's versions: nothing to invalidate.
    fieldValues: createFieldValueCache(database.db),
    reviewIndex: createReviewIndex({ db: database.db, revalidateMs, onError }),
    changeRequestList: createChangeRequestList({ db: database.db, revalidateMs, onError }),
    resourcePackageReviewList: createResourcePackageReviewList({ db: database.db, revalidateMs, onError }),
    contactList: createContactList({ db: database.db, revalidateMs, onError }),
    recentActivity: createRecentRows({ load: () => loadLatestActivity(database.db) }),
    openVos: createRecentRows({ load: () => loadOpenVos(database.db) }),
  };
  byDatabase.set(database.db, caches);
  return caches;
};

/**
 * Forgets every cached answer built from this database: test fixtures that write rows directly, and
 * an institution's change (its name is in the rows of every list).
 */
export const invalidateServiceCaches = (db: Db): void => {
  const caches = byDatabase.get(db);
  caches?.publicPortfolio.invalidate();
  caches?.serviceIndex.changed();
  caches?.reviewIndex.changed();
  caches?.changeRequestList.changed();
  caches?.resourcePackageReviewList.changed();
  caches?.contactList.changed();
  caches?.recentActivity.changed();
  caches?.openVos.changed();
};

/**
 * After a service changed in this process: the lists and the public portfolio show it from the
 * next request on. The write pipeline calls it after the commit (writes/after-commit.ts); a
 * database no app has read from yet has no caches to clear.
 */
export const serviceChangedIn = (db: Db, serviceId: string): void => {
  const caches = byDatabase.get(db);
  caches?.publicPortfolio.invalidate();
  caches?.serviceIndex.changed(serviceId);
  caches?.changeRequestList.changed();
  caches?.resourcePackageReviewList.changed();
  caches?.recentActivity.changed();
};

/** Another instance changed what the public portfolio shows (its notice), or notices may have been missed. */
export const publicPortfolioChangedIn = (db: Db): void => {
  byDatabase.get(db)?.publicPortfolio.invalidate();
};

/** After a change request changed in this process: the Change Request List shows it from the next request on. */
export const changeRequestsChangedIn = (db: Db): void => {
  const caches = byDatabase.get(db);
  caches?.changeRequestList.changed();
  caches?.recentActivity.changed();
};

/** After reviews changed in this process: the review lists read them again. */
export const reviewsChangedIn = (db: Db): void => {
  const caches = byDatabase.get(db);
  caches?.reviewIndex.changed();
  caches?.recentActivity.changed();
};

/** After a resource package or type changed in this process: the Review List shows it from the next request on. */
export const resourcePackagesChangedIn = (db: Db): void => {
  byDatabase.get(db)?.resourcePackageReviewList.changed();
};

/** After a contact changed in this process: the contact list reads it and shows it from the next request on. */
export const contactsChangedIn = (db: Db, contactId: string): void => {
  byDatabase.get(db)?.contactList.changed(contactId);
};
