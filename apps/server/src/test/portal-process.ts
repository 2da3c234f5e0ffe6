import { spawn } from 'node:child_process';
import path from 'node:path';
import { builtAfterEverySource, serverRoot } from './server-modules.js';

/** What `npm start` and the container run (scripts/bundle-server.mjs). */
const BUNDLE = path.join('dist', 'bundle', 'main.js');

/**
 * The built server when its bundle is at least as new as every source file (as right after the
 * build `npm test` runs first), since it starts in a fraction of the time; otherwise tsx on the
 * sources, so a test run alone after an edit runs the code as it is now.
 */
export const serverCommand = (): string[] =>
  builtAfterEverySource(path.join(serverRoot, BUNDLE)) ? [BUNDLE] : ['--import', 'tsx', path.join('src', 'main.ts')];

export interface PortalProcess {
  /** Where this process listens (not the public address). */
  url: string;
  /** What it wrote to stdout and stderr so far, for a failure's message. */
  output(): string;
  /** Whether the process still runs (it has not exited, whatever the reason). */
  alive(): boolean;
  stop(): Promise<void>;
  /** Ends it with SIGKILL, as a crash would: nothing of its shutdown runs. */
  kill(): Promise<void>;
}

/** The portal as its own process (`node dist/bundle/main.js` or tsx on the sources), answering once /api/health does. */
export const startPortalProcess = async (port: number, env: Record<string, string>): Promise<PortalProcess> => {
  const child = spawn(process.execPath, serverCommand(), {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      TSX_TSCONFIG_PATH: 'tsconfig.check.json',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the portal on port ${port} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal on port ${port} did not answer within a minute:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return { url, output: () => output, alive: () => child.exitCode === null && child.signalCode === null, stop, kill };
};
