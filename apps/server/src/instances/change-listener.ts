import type { Client as PgClient } from 'pg';
import { CHANGES_CHANNEL, decodeNotice, type ChangeNotice } from './change-notices.js';

export interface ChangeListenerOptions {
  /** A new, unconnected client outside the pool: LISTEN holds its connection for as long as it listens. */
  client: () => PgClient;
  /** This instance's id: its own notices are skipped, its after-commit effects already cleared its caches. */
  instanceId: string;
  onNotice: (notice: ChangeNotice) => void;
  /** It listens (again): notices sent while it did not were missed. */
  onListening: () => void;
  /** It stopped listening: lost (with the error), or closed (without). */
  onStopped: (error?: unknown) => void;
  /** An attempt to listen failed; the next one follows after the backoff. */
  onAttemptFailed?: (error: unknown) => void;
  /** The first wait before another attempt, doubled after each failure up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface ChangeListener {
  readonly listening: boolean;
  /** Stops listening and retrying; resolves once its connection is closed. */
  close(): Promise<void>;
}

/**
 * Listens on the changes' channel on a connection of its own, and never gives up: an error or the
 * end of the connection (a server restart, pg_terminate_backend) is followed by new attempts with
 * a growing wait. Every client has its 'error' listener, so nothing it reports crashes the process.
 */
export const startChangeListener = (options: ChangeListenerOptions): ChangeListener => {
  const firstRetryMs = options.firstRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  let client: PgClient | null = null;
  let listening = false;
  let closed = false;
  let retryMs = firstRetryMs;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> | null = null;

  const hear = (payload: string | undefined) => {
    const heard = payload === undefined ? null : decodeNotice(payload);
    if (heard && heard.from !== options.instanceId) options.onNotice(heard.notice);
  };

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      attempt = listen();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, maxRetryMs);
  };

  /** The client's connection is gone or failed: only the current client's loss counts, and only once. */
  const lost = (from: PgClient, error: unknown) => {
    if (client !== from) return;
    client = null;
    from.end().catch(() => undefined);
    if (listening) {
      listening = false;
      options.onStopped(error);
    } else {
      options.onAttemptFailed?.(error);
    }
    retry();
  };

  const listen = async () => {
    const next = options.client();
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the change listener’s connection ended')));
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) hear(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    // Lost while it connected (reported already), or closed (close() ends the client).
    if (client !== next || closed) return;
    listening = true;
    retryMs = firstRetryMs;
    options.onListening();
  };

  attempt = listen();

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await attempt;
      const last = client;
      client = null;
      if (listening) {
        listening = false;
        options.onStopped();
      }
      await last?.end().catch(() => undefined);
    },
  };
};
