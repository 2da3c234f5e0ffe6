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
  | { kind: 'mail.queued' }
  /** Webhook deliveries were queued: this process's webhook worker sends them now. */
  | { kind: 'webhooks.queued' };

/** Runs the effects of one committed change; the app context's one clears this process's caches. */
export type AfterCommit = (effects: readonly AfterCommitEffect[]) => void;
