import { randomUUID } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  linkSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** How often the holder renews its lease (writes the lock file again), unless told otherwise (`renewMs`). */
const RENEW_MS = 2_000;
/**
 * A lease not renewed for this long belongs to a holder that died (or a machine that stopped): it
 * is taken over. Far above RENEW_MS, as a long synchronous PGlite statement delays the renewal.
 */
export const LOCK_STALE_MS = 30_000;

/** The lock file inside the data directory: on the directory itself, so any process that sees the directory sees it. */
export const LOCK_FILE = 'nubes.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    holder = '',
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process${holder ? ` (${holder})` : ''}: PGlite allows one process per ` +
        'data directory, and a second one would damage it. Stop the other process first; for several ' +
        `instances use PostgreSQL (DATABASE_URL). A process that was killed frees it ${LOCK_STALE_MS / 1000} s after ` +
        `its last renewal (the lock file ${LOCK_FILE} in the directory).`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

interface Holder {
  token: string;
  pid: number;
  /** Where `pid` means this process: the boot and the PID namespace (Linux), else the host name. */
  space: string;
  /** The process's start time in clock ticks since boot (Linux): a reused pid is another process. */
  started: string;
  host: string;
}

const tryOr = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};
const readOr = (file: string, fallback: string) => tryOr(() => readFileSync(file, 'utf8').trim(), fallback);

const pidSpace = () =>
  process.platform === 'linux'
    ? `${readOr('/proc/sys/kernel/random/boot_id', hostname())}/${tryOr(() => readlinkSync('/proc/self/ns/pid'), 'pid')}`
    : `host:${hostname()}`;

/** Field 22 of /proc/<pid>/stat, counted after the command's closing parenthesis. */
const startTicks = (pid: number | 'self') => readOr(`/proc/${pid}/stat`, '').split(') ')[1]?.split(' ')[19] ?? '';

/** Whether the holder is a live process this one can see; undefined when it cannot tell. */
const holderAlive = (holder: Holder): boolean | undefined => {
  if (holder.space !== pidSpace()) return undefined;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
  return process.platform !== 'linux' || startTicks(holder.pid) === holder.started;
};

// Being written, or cut short by a kill: its age decides.
const readHolder = (file: string) =>
  tryOr(() => JSON.parse(readFileSync(file, 'utf8')) as Holder | undefined, undefined);

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Holds a PGlite data directory for this process until `release` or the process's end, however it
 * ends. PGlite keeps no lock of its own that works across processes (its postmaster.pid names the
 * same made-up process id in every process), so a second portal on the same directory would
 * start and both would write the same files. The lock is a file in the directory, created only
 * if absent, naming its holder and renewed every 2 s: a lease that holds for any process that
 * sees the directory, in another container or network namespace too. A holder that was killed
 * leaves the file behind; a process in the holder's own PID namespace sees that it is gone and
 * takes the lock at once, any other after the lease ran out (LOCK_STALE_MS). A holder that finds
 * its lease taken stops the process: two writers would damage the database
 * (docs/adr/0080-pglite-lock-file-with-a-lease.md).
 */
export const lockDataDir = async (
  dataDir: string,
  {
    staleMs = LOCK_STALE_MS,
    renewMs = RENEW_MS,
    onLost = (message: string) => {
      console.error(`Nubes stops: ${message}`);
      process.exit(70);
    },
  }: { staleMs?: number; renewMs?: number; onLost?: (message: string) => void } = {},
): Promise<DataDirLock> => {
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = {
    token: randomUUID(),
    pid: process.pid,
    space: pidSpace(),
    started: startTicks('self'),
    host: hostname(),
  };
  const text = `${JSON.stringify(me)}\n`;

  const create = (): number | undefined => {
    try {
      return openSync(file, 'wx');
    } catch (error) {
      if (code(error) === 'EEXIST') return undefined;
      throw error;
    }
  };

  let fd = create();
  if (fd === undefined) {
    const holder = readHolder(file);
    let age = Number.POSITIVE_INFINITY; // released meanwhile
    let judged: number | undefined;
    try {
      const stat = statSync(file);
      age = Date.now() - stat.mtimeMs;
      judged = stat.ino;
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    const alive = holder ? holderAlive(holder) : undefined;
    if (alive === true || (alive === undefined && age <= staleMs)) {
      const who = holder ? `process ${holder.pid} on ${holder.host}` : 'a process';
      throw new DataDirInUseError(dataDir, `${who}, lease renewed ${Math.max(0, Math.round(age / 1000))} s ago`);
    }
    // The holder is gone. Its file is moved aside under a name of our own and removed only if it is
    // the one judged here: of two processes taking over at once, neither removes the other's new lock.
    const aside = `${file}.${me.token}`;
    try {
      renameSync(file, aside);
      if (statSync(aside).ino !== judged) {
        linkSync(aside, file);
        unlinkSync(aside);
        throw new DataDirInUseError(dataDir, 'another process took it over at the same moment');
      }
      unlinkSync(aside);
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    fd = create();
    if (fd === undefined) throw new DataDirInUseError(dataDir, 'another process took it over at the same moment');
  }
  const held = fd;
  const write = () => {
    ftruncateSync(held, 0);
    writeSync(held, text, 0);
  };
  write();
  /**
   * Whether the file at the lock's path is still the one this process created: a takeover creates
   * a new file. Its text may be another's for a moment (a restore unpacks a backup's copy over it,
   * scripts/restore.mjs); the next renewal writes it again.
   */
  const stillMine = () => tryOr(() => statSync(file).ino === fstatSync(held).ino, false);
  const timer = setInterval(() => {
    if (!stillMine()) {
      clearInterval(timer);
      onLost(`the lock of DATA_DIR ${dataDir} was taken over by another process (${LOCK_FILE})`);
      return;
    }
    write();
  }, renewMs);
  // The lease never keeps the process alive on its own.
  timer.unref();
  return {
    release: async () => {
      clearInterval(timer);
      if (stillMine()) unlinkSync(file);
      closeSync(held);
    },
  };
};
