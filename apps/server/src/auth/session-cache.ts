import { isUuid } from '@nubes/domain';
import { databaseCache } from './principal-cache.js';
import { loadLiveSession, type LiveSession } from './sessions.js';

/**
 * The sessions by id, kept like the principals (docs/adr/0078-sessions-the-server-ends.md): a
 * request of a session this process knows costs no query; a session ended or renewed here is
 * forgotten at once, one ended elsewhere as soon as that instance's notice arrives (or within a
 * second while this one hears no notices). Bounded: a flood of distinct valid tokens cannot grow it.
 */
const sessions = databaseCache<LiveSession>(
  (db, id) => (isUuid(id) ? loadLiveSession(db, id) : Promise.resolve(null)),
  5000,
);
export const sessionCacheFor = sessions.cacheFor;
/** After a session's end or renewal has committed. */
export const sessionChanged = sessions.changed;
export const allSessionsChanged = sessions.allChanged;
