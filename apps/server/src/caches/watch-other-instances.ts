import { allPrincipalsChanged, principalChanged } from '../auth/principal-cache.js';
import { allSessionsChanged, sessionChanged } from '../auth/session-cache.js';
import type { Database } from '../db/client.js';
import type { PortalLog } from '../http/portal-log.js';
import { publicPortfolioChangedIn } from './service-caches.js';
import { startChangeListener, type ChangeListener } from '../instances/change-listener.js';
import { instanceIdOf } from '../instances/change-notices.js';
import { noteListening } from '../instances/listening-state.js';

/** The listener's name in pg_stat_activity: which instance's listener a connection is. */
export const listenerApplicationName = (instanceId: string): string => `nubes-listener-${instanceId}`;

/**
 * Keeps this instance's caches in step with the other instances' changes on PostgreSQL
 * (docs/adr/0076-caches-kept-in-step-by-notify.md): a notice invalidates the public portfolio or
 * forgets a principal or a session (docs/adr/0078-sessions-the-server-ends.md); each time it listens (again) everything is dropped once, since notices sent
 * meanwhile were missed; while it does not listen, the caches check the database themselves
 * (instances/listening-state.ts). Null on PGlite: no other process can write to it.
 */
export const watchOtherInstances = (
  database: Pick<Database, 'db' | 'dedicatedClient'>,
  log: PortalLog,
  retry: { firstRetryMs?: number; maxRetryMs?: number } = {},
): ChangeListener | null => {
  const { db, dedicatedClient } = database;
  if (!dedicatedClient) return null;
  const instanceId = instanceIdOf(db);
  return startChangeListener({
    ...retry,
    client: () => dedicatedClient(listenerApplicationName(instanceId)),
    instanceId,
    onNotice: (notice) => {
      if (notice.kind === 'principal') principalChanged(db, notice.userId);
      else if (notice.kind === 'session') sessionChanged(db, notice.sessionId);
      else publicPortfolioChangedIn(db);
    },
    onListening: () => {
      noteListening(db, true);
      publicPortfolioChangedIn(db);
      allPrincipalsChanged(db);
      allSessionsChanged(db);
    },
    onStopped: (error) => {
      noteListening(db, false);
      if (error !== undefined)
        log.warn(
          { err: error },
          'the change listener lost its connection; the caches check the database until it is back',
        );
    },
    onAttemptFailed: (error) => log.warn({ err: error }, 'the change listener could not listen; it tries again'),
  });
};
