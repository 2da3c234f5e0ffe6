import { principalChanged } from '../auth/principal-cache.js';
import type { Db } from '../db/client.js';
import { changeRequestsChangedIn, serviceChangedIn } from '../http/service-caches.js';
import type { Writes } from './pipeline.js';

/**
 * What a committed change leaves to do outside its transaction. Data, not callbacks: the pipeline
 * collects them while the change runs and hands them over only after the commit, so a rolled-back
 * change never clears a cache, and a test can see exactly what a change asked for.
 */
export type AfterCommitEffect =
  /** The service's list entry and the public portfolio are stale. */
  | { kind: 'service.changed'; serviceId: string }
  /** The user's roles or account changed: the principal cache reads them fresh. */
  | { kind: 'principal.changed'; userId: string }
  /** A change request changed: the Change Request List is stale. */
  | { kind: 'changeRequest.changed' };

/** Runs the effects of one committed change; the app context's one clears this process's caches. */
export type AfterCommit = (effects: readonly AfterCommitEffect[]) => void;

/**
 * A mail a change sends. None exist yet: the outbox, when it comes, defines this type, writes its
 * messages to its table inside the change's transaction (the pipeline's "queue mails" step) and
 * delivers them after the commit. Until then nothing can be put here.
 */
export type OutboxMessage = never;

/**
 * This process's after-commit runner: clears the caches the effects name. The caches belong to the
 * database (apps on one database share them), so the runner finds them by the database too and
 * works before any app is built (the configured admin is written at start-up).
 */
const createAfterCommit =
  (db: Db): AfterCommit =>
  (effects) => {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'service.changed':
          serviceChangedIn(db, effect.serviceId);
          break;
        case 'principal.changed':
          principalChanged(db, effect.userId);
          break;
        case 'changeRequest.changed':
          changeRequestsChangedIn(db);
          break;
      }
    }
  };

/** What commands write with on this database: the database and this process's after-commit runner. */
export const writesFor = (db: Db): Writes => ({ db, afterCommit: createAfterCommit(db) });
