import { principalChanged } from '../auth/principal-cache.js';
import type { Db } from '../db/client.js';
import { serviceChanged, type ServiceCaches } from '../http/service-caches.js';

/**
 * What a committed change leaves to do outside its transaction. Data, not callbacks: the pipeline
 * collects them while the change runs and hands them over only after the commit, so a rolled-back
 * change never clears a cache, and a test can see exactly what a change asked for.
 */
export type AfterCommitEffect =
  /** The service's list entry and the public portfolio are stale. */
  | { kind: 'service.changed'; serviceId: string }
  /** The user's roles or account changed: the principal cache reads them fresh. */
  | { kind: 'principal.changed'; userId: string };

/** Runs the effects of one committed change; the app context's one clears this process's caches. */
export type AfterCommit = (effects: readonly AfterCommitEffect[]) => void;

/**
 * A mail a change sends. None exist yet: the outbox, when it comes, defines this type, writes its
 * messages to its table inside the change's transaction (the pipeline's "queue mails" step) and
 * delivers them after the commit. Until then nothing can be put here.
 */
export type OutboxMessage = never;

/** This process's after-commit runner: clears the caches the effects name. */
export const createAfterCommit =
  (db: Db, caches: ServiceCaches): AfterCommit =>
  (effects) => {
    for (const effect of effects) {
      switch (effect.kind) {
        case 'service.changed':
          serviceChanged(caches, effect.serviceId);
          break;
        case 'principal.changed':
          principalChanged(db, effect.userId);
          break;
      }
    }
  };
