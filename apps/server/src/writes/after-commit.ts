import type { Language, MailKind, ServiceMailContent } from '@nubes/domain';
import { principalChanged } from '../auth/principal-cache.js';
import { sessionChanged } from '../auth/session-cache.js';
import type { Database, Db, Tx } from '../db/client.js';
import { publicPortfolioChangedIn } from '../http/service-caches.js';
import { announceChanges, instanceIdOf } from '../instances/change-notices.js';
import { mailQueuedIn } from '../mail/outbox-signal.js';
import type { MailSite, Writes } from './pipeline.js';

/**
 * What a committed change leaves to do outside its transaction. Data, not callbacks: the pipeline
 * collects them while the change runs and hands them over only after the commit, so a rolled-back
 * change never clears a cache, and a test can see exactly what a change asked for.
 */
export type AfterCommitEffect =
  /** A service, an institution (provider names and logos) or the weighting (scores) changed. */
  | { kind: 'publicPortfolio.changed' }
  /** The user's roles or account changed: the principal cache reads them fresh. */
  | { kind: 'principal.changed'; userId: string }
  /** A session ended or was renewed: the session cache reads it fresh. */
  | { kind: 'session.changed'; sessionId: string }
  /** Mails were queued: the outbox worker of this process sends them now rather than at its next poll. */
  | { kind: 'mail.queued' };

/** The effect of every change the public portfolio shows. */
export const PORTFOLIO_CHANGED: readonly AfterCommitEffect[] = [{ kind: 'publicPortfolio.changed' }];

/** Runs the effects of one committed change; the app context's one clears this process's caches. */
export type AfterCommit = (effects: readonly AfterCommitEffect[]) => void;

/**
 * A mail a change sends to one recipient (docs/adr/0027-mail-outbox.md): the pipeline renders it
 * in the recipient's language with the portal's address and writes it to the outbox inside the
 * change's transaction; the outbox worker delivers it after the commit.
 */
export interface OutboxMessage {
  kind: MailKind;
  recipientId: string;
  to: string;
  language: Language;
  /** The service the mail is about; null for a mail about another object (a VO). */
  serviceId: string | null;
  /** What the mail says, without the portal's name and addresses (the pipeline adds them). */
  content: Omit<ServiceMailContent, 'kind' | 'productName' | 'link' | 'settingsLink'>;
  /** The screen the mail links to, a path of the web app. */
  path: string;
}

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
