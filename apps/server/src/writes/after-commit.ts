import { principalChanged } from '../auth/principal-cache.js';
import { sessionChanged } from '../auth/session-cache.js';
import type { Database, Db, Tx } from '../db/client.js';
import { publicPortfolioChangedIn } from '../caches/service-caches.js';
import { announceChanges, instanceIdOf } from '../instances/change-notices.js';
import { mailQueuedIn } from '../mail/outbox-signal.js';
import { webhooksQueuedIn } from '../webhooks/delivery-signal.js';
import type { AfterCommit, AfterCommitEffect } from '../model/after-commit.js';
import type { MailSite } from '../model/outbox-message.js';
import type { Writes } from './pipeline.js';

/** The effect of every change the public portfolio shows. */
export const PORTFOLIO_CHANGED: readonly AfterCommitEffect[] = [{ kind: 'publicPortfolio.changed' }];

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
        case 'publicPortfolio.changed':
          publicPortfolioChangedIn(db);
          break;
        case 'principal.changed':
          principalChanged(db, effect.userId);
          break;
        case 'session.changed':
          sessionChanged(db, effect.sessionId);
          break;
        case 'mail.queued':
          mailQueuedIn(db);
          break;
        case 'webhooks.queued':
          webhooksQueuedIn(db);
          break;
      }
    }
  };

/**
 * What commands write with on this database: the database, this process's after-commit runner,
 * on PostgreSQL the notices to the other instances (docs/adr/0076-caches-kept-in-step-by-notify.md),
 * and the portal's name and address for the links in mails (defaults for tools that write no mail).
 */
export const writesFor = (database: Pick<Database, 'db' | 'kind'>, mailSite?: MailSite): Writes => {
  const { db } = database;
  const from = instanceIdOf(db);
  return {
    db,
    afterCommit: createAfterCommit(db),
    ...(database.kind === 'postgres'
      ? { announce: (tx: Tx, effects: readonly AfterCommitEffect[]) => announceChanges(tx, from, effects) }
      : {}),
    ...(mailSite ? { mailSite } : {}),
  };
};
