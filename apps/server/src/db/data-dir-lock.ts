import { createHash } from 'node:crypto';
import { realpathSync, rmSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Another process has this PGlite directory open. */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another process: PGlite allows one process per data directory, ` +
        'and a second one would damage it. Stop the other process first; for several instances use ' +
        'PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

const listen = (server: Server, address: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });

/** Whether a process answers on a socket file, or the file is what a killed holder left behind. */
const answers = (address: string) =>
  new Promise<boolean>((resolve) => {
    const probe = connect({ path: address });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

/**
 * Holds a PGlite data directory for this process until `release` or the process's end, however it
 * ends. PGlite keeps no lock of its own that works across processes (its postmaster.pid names the
 * same made-up process id in every process), so a second portal on the same directory would
 * start and both would write the same files. The lock is a Unix socket named after the
 * directory's real path: on Linux in the abstract namespace, which the kernel frees when the
 * process dies, SIGKILL included; elsewhere a socket file in the temp directory, which a killed
 * holder leaves behind and the next start recognises, as nothing answers on it
 * (docs/adr/0062-one-process-per-pglite-directory.md).
 */
export const lockDataDir = async (
  dataDir: string,
  // Only a test asks for the socket file on Linux, to try what other systems run.
  { abstract = process.platform === 'linux' }: { abstract?: boolean } = {},
): Promise<DataDirLock> => {
  const name = `nubes-pglite-${createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 32)}`;
  const address = abstract ? `\0${name}` : path.join(tmpdir(), `${name}.sock`);
  const server = createServer((socket) => socket.destroy());
  /** Listens on the lock's address; false when another socket has it. */
  const take = async () => {
    try {
      await listen(server, address);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
      throw error;
    }
  };
  if (!(await take())) {
    if (abstract || (await answers(address))) throw new DataDirInUseError(dataDir);
    // A socket file nobody answers on: its holder was killed.
    rmSync(address, { force: true });
    if (!(await take())) throw new DataDirInUseError(dataDir);
  }
  // The lock never keeps the process alive on its own.
  server.unref();
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
