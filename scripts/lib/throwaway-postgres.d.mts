export declare const postgresBin: (env?: NodeJS.ProcessEnv) => string;
export declare const hasPostgres: (env?: NodeJS.ProcessEnv) => boolean;

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:PORT, without a database. */
  serverUrl: string;
  /** The URL of the database asked for, else of `postgres`. */
  url: string;
  /** Fast shutdown (SIGKILL after 10 s) and the temp dir removed; runs once however often it is called. */
  stop: () => Promise<void>;
  /** For a process that is exiting: SIGKILL and the temp dir removed, synchronously. */
  killNow: () => void;
  /** `pg_ctl stop -m immediate` (SIGQUIT to the postmaster); resolves once the server is gone. */
  stopImmediately: () => Promise<void>;
  /** `kill -9` of the postmaster alone; resolves once it is gone (its backends end shortly after). */
  killPostmaster: () => Promise<void>;
  /** Starts the stopped server again on the same data dir and port; resolves once it accepts connections. */
  startAgain: () => Promise<void>;
}

export declare const startThrowawayPostgres: (options?: {
  /** A database to create once the server is ready. */
  database?: string;
  /** Server settings (-c name=value) on top of the fast, non-durable ones. */
  settings?: Record<string, string | number>;
  env?: NodeJS.ProcessEnv;
}) => Promise<ThrowawayPostgres>;
