import { isUuid } from '@nubes/domain';
import type { Db } from '../db/client.js';
import { hearsOtherInstances } from '../instances/listening-state.js';
import {
  createPrincipalCache,
  LISTENING_PRINCIPAL_TTL_MS,
  PRINCIPAL_TTL_MS,
  type PrincipalCache,
  type PrincipalCacheOptions,
} from './principal-cache.js';
import { loadLiveSession, type LiveSession } from './sessions.js';

const byDatabase = new WeakMap<Db, PrincipalCache<LiveSession>>();

/**
 * The sessions by id, kept like the principals (docs/adr/0078-sessions-the-server-ends.md): a
 * request of a session this process knows costs no query; a session ended or renewed here is
 * forgotten at once, one ended elsewhere as soon as that instance's notice arrives (or within a
 * second while this one hears no notices). Bounded: a flood of distinct valid tokens cannot grow it.
 */
export const sessionCacheFor = (
  db: Db,
  options: Pick<PrincipalCacheOptions<LiveSession>, 'now' | 'ttlMs'> = {},
): PrincipalCache<LiveSession> => {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = createPrincipalCache<LiveSession>({
      ttlMs: () => (hearsOtherInstances(db) ? LISTENING_PRINCIPAL_TTL_MS : PRINCIPAL_TTL_MS),
      maxEntries: 5000,
      ...options,
      load: (id) => (isUuid(id) ? loadLiveSession(db, id) : Promise.resolve(null)),
    });
    byDatabase.set(db, cache);
  }
  return cache;
};

/** After a session's end or renewal has committed: this process reads it fresh at once. */
export const sessionChanged = (db: Db, sessionId: string): void => {
  byDatabase.get(db)?.forget(sessionId);
};

/** Another instance's notices may have been missed: every session is read fresh. */
export const allSessionsChanged = (db: Db): void => {
  byDatabase.get(db)?.forgetAll();
};
