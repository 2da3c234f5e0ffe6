// Shared helpers for the benchmarks: child processes and their cleanup, autocannon measurements,
// web bundle sizes, process memory and the printed table. Plain Node ESM, no build step.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import autocannon from 'autocannon';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Progress goes to stderr so that stdout holds only the header and the table. */
export const log = (...parts) => console.error('[bench]', ...parts);

// ---------------------------------------------------------------------------------------------
// Cleanup: everything started registers how to undo it; it runs once, newest first, on success,
// on error, on SIGINT/SIGTERM, and (synchronously, as a last resort) on process exit.

const cleanups = [];
const exitCleanups = [];
let cleaning = null;

/** `fn` is async and runs in runCleanup(); `onExit` is sync and runs on process exit if still needed. */
export const onCleanup = (fn, onExit) => {
  cleanups.push(fn);
  if (onExit) exitCleanups.push(onExit);
};

export const runCleanup = () => {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (error) {
        log('cleanup step failed:', error?.message ?? error);
      }
    }
  })();
  return cleaning;
};

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    log(`${signal}: stopping the servers and removing the temp dir`);
    void runCleanup().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}
process.on('exit', () => {
  for (const fn of exitCleanups) {
    try {
      fn();
    } catch {
      // best effort
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Ports and child processes

/** A free TCP port on the loopback interface (the OS picks it; we release it right away). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Starts `node <args>` as a child that is stopped by runCleanup() (SIGTERM, then SIGKILL after
 * `killAfterMs`) and killed on exit. Keeps the last lines of its output for error messages.
 */
export const startNode = (name, args, { env = process.env, cwd = repoRoot, ipc = false, killAfterMs = 5000 } = {}) => {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (line.trim() === '') continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const handle = {
    name,
    child,
    pid: child.pid,
    exited,
    get running() {
      return running;
    },
    output: () => tail.join('\n'),
    stop: async () => {
      if (!running) return;
      child.kill('SIGTERM');
      const timer = sleep(killAfterMs).then(() => 'timeout');
      if ((await Promise.race([exited, timer])) === 'timeout' && running) {
        log(`${name} did not stop within ${killAfterMs} ms; killing it`);
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  onCleanup(handle.stop, () => {
    if (running) child.kill('SIGKILL');
  });
  return handle;
};

/** Polls `url` until it answers 200; fails early if `child` exits. Returns the last response. */
export const waitForOk = async (url, { timeoutMs = 60_000, child, intervalMs = 250 } = {}) => {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child && !child.running) {
      const { code, signal } = await child.exited;
      throw new Error(
        `${child.name} exited (${signal ?? `code ${code}`}) before ${url} answered 200.\n${child.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status === 200) return { status: response.status, headers: response.headers, body };
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error?.cause?.code ?? error?.message ?? String(error);
    }
    await sleep(intervalMs);
  }
  throw new Error(
    `${child?.name ?? url} did not answer 200 on ${url} within ${Math.round(timeoutMs / 1000)} s (last: ${lastProblem}).` +
      (child ? `\n${child.output()}` : ''),
  );
};

/** Bytes of a header block as sent (name: value CRLF), to show what a server adds per answer. */
export const headerBytes = (headers) =>
  [...headers].reduce((sum, [name, value]) => sum + name.length + 2 + value.length + 2, 0);

// Settings a developer may have exported that would make the bench portal a different portal.
const PORTAL_ENV_DROPPED =
  /^(NODE_ENV|DATABASE_URL|PUBLIC_URL|JWT_SECRET|TRUST_PROXY|SEED_DEMO_DATA|OIDC_.*|LOGIN_.*)$/;

/**
 * Starts the BUILT portal (apps/server/dist/main.js) as a child on a free loopback port with a
 * fresh PGlite data dir in a temp dir (removed at cleanup), NODE_ENV unset (development: the admin
 * account and the dev IdP exist), LOG_LEVEL=warn; waits until GET /api/health answers 200.
 * `nodeArgs` go before the script (e.g. --import for experiments), `env` is added last.
 * Returns { url, pid, child, startSeconds, memoryAtStart, health: { body, contentType, headerBytes } }.
 */
export const startPortal = async ({
  name = 'portal',
  admin = { login: 'admin', password: 'admin' },
  webDist,
  nodeArgs = [],
  env: extraEnv = {},
  timeoutMs = 60_000,
} = {}) => {
  const main = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: build first (npm run build, or npx tsc -b packages/domain apps/server).`);

  const tempDir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-'));
  const removeTemp = () => rmSync(tempDir, { recursive: true, force: true });
  onCleanup(async () => removeTemp(), removeTemp);
  const port = await freePort();
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (PORTAL_ENV_DROPPED.test(key)) delete env[key];
  Object.assign(
    env,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tempDir, 'data'),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: admin.login,
      ADMIN_PASSWORD: admin.password,
      WEB_DIST: webDist ?? path.join(repoRoot, 'apps/web/dist'),
    },
    extraEnv,
  );

  log(`starting ${name} on 127.0.0.1:${port} (fresh PGlite in ${tempDir})`);
  const started = Date.now();
  const child = startNode(name, [...nodeArgs, main], { env });
  const url = `http://127.0.0.1:${port}`;
  const health = await waitForOk(`${url}/api/health`, { timeoutMs, child });
  const startSeconds = (Date.now() - started) / 1000;
  log(`${name} healthy after ${startSeconds.toFixed(1)} s`);
  return {
    url,
    pid: child.pid,
    child,
    startSeconds,
    memoryAtStart: processMemory(child.pid),
    health: {
      body: health.body,
      contentType: health.headers.get('content-type') ?? 'application/json; charset=utf-8',
      headerBytes: headerBytes(health.headers),
    },
  };
};

/**
 * Starts bench/bare-server.mjs: a bare Fastify in its own process answering `routePath` with
 * exactly `body` and `contentType`; checks that it does. Returns { url, pid, child, headerBytes }.
 */
export const startBare = async ({ body, contentType, routePath = '/api/health' }) => {
  const child = startNode('bare Fastify', [path.join(repoRoot, 'bench/bare-server.mjs')], {
    ipc: true,
    env: {
      ...process.env,
      BARE_BODY_BASE64: body.toString('base64'),
      BARE_CONTENT_TYPE: contentType,
      BARE_PATH: routePath,
    },
  });
  const port = await ipcPort(child);
  const url = `http://127.0.0.1:${port}`;
  const answer = await waitForOk(`${url}${routePath}`, { timeoutMs: 5000, child });
  if (!answer.body.equals(body) || answer.headers.get('content-type') !== contentType) {
    throw new Error('the bare server does not answer the same bytes and content type as the portal');
  }
  return { url, pid: child.pid, child, headerBytes: headerBytes(answer.headers) };
};

/** Waits for a child started with `ipc: true` to send { type: 'listening', port }. */
export const ipcPort = (child, timeoutMs = 15_000) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${child.name} did not report its port within ${timeoutMs} ms\n${child.output()}`)),
      timeoutMs,
    );
    child.child.on('message', (message) => {
      if (message?.type === 'listening') {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    void child.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited (${signal ?? `code ${code}`})\n${child.output()}`));
    });
  });

/** Runs `node -e <code>` and returns its stdout. */
export const runNodeEval = (code, { timeoutMs = 60_000 } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve(out) : reject(new Error(`node -e failed (${signal ?? `code ${code}`}): ${err.trim()}`)),
    );
  });

// ---------------------------------------------------------------------------------------------
// Load measurement (autocannon)

/**
 * One autocannon round against `url`. Returns autocannon's raw (unaggregated) result, which keeps
 * the encoded latency histogram so that several rounds can be merged with summarize().
 * Options: method, headers, body, connections (50), seconds (5), timeoutSeconds (10).
 */
export const measure = ({ url, method = 'GET', headers, body, connections = 50, seconds = 5, timeoutSeconds = 10 }) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method,
        headers,
        body,
        connections,
        duration: seconds,
        timeout: timeoutSeconds,
        skipAggregateResult: true,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });

/**
 * Merges rounds of one target: req/s is the mean of the rounds' rates; p50/p99 come from the merged
 * latency histogram of all rounds (autocannon records whole milliseconds); errors include timeouts.
 */
export const summarize = (rounds) => {
  const merged = autocannon.aggregateResult(rounds, { url: 'http://127.0.0.1/' });
  const rates = rounds.map((round) => (round.duration > 0 ? round.totalCompletedRequests / round.duration : 0));
  const statusCodes = {};
  for (const round of rounds) {
    for (const [code, { count }] of Object.entries(round.statusCodeStats))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  return {
    reqPerSec: rates.reduce((sum, rate) => sum + rate, 0) / rates.length,
    roundRates: rates,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    requests: merged['1xx'] + merged['2xx'] + merged['3xx'] + merged['4xx'] + merged['5xx'],
    errors: merged.errors + merged.timeouts,
    non2xx: merged.non2xx,
    statusCodes,
  };
};

/**
 * Measures several targets in alternation (A, B, A, B, ...) so that drift of the machine (other
 * load, CPU boost, GC state) hits all of them alike. Each target first gets a warm-up run that is
 * thrown away. `targets` is [{ name, url, method?, headers?, body?, pid? }]; with a pid, the
 * server's CPU time per request (user + system, from /proc) is measured too, which is far less
 * noisy than req/s on a shared machine. Returns { [name]: summary (+ cpuMicrosPerRequest) }.
 */
export const alternate = async (targets, { rounds = 3, seconds = 5, warmupSeconds = 2, connections = 50 } = {}) => {
  const results = Object.fromEntries(targets.map((target) => [target.name, { rounds: [], cpuSeconds: 0 }]));
  for (const target of targets) {
    log(`warm-up ${target.name} (${warmupSeconds} s, ${connections} connections)`);
    await measure({ ...target, connections, seconds: warmupSeconds });
  }
  for (let round = 1; round <= rounds; round += 1) {
    for (const target of targets) {
      const cpuBefore = target.pid ? processCpuSeconds(target.pid) : null;
      const result = await measure({ ...target, connections, seconds });
      const cpuAfter = target.pid ? processCpuSeconds(target.pid) : null;
      results[target.name].rounds.push(result);
      if (cpuBefore !== null && cpuAfter !== null) results[target.name].cpuSeconds += cpuAfter - cpuBefore;
      log(`round ${round}/${rounds} ${target.name}: ${fmtInt(result.totalCompletedRequests / result.duration)} req/s`);
    }
  }
  return Object.fromEntries(
    targets.map(({ name, pid }) => {
      const summary = summarize(results[name].rounds);
      const cpuMicrosPerRequest =
        pid && summary.requests > 0 ? (results[name].cpuSeconds * 1e6) / summary.requests : null;
      return [name, { ...summary, cpuMicrosPerRequest }];
    }),
  );
};

// ---------------------------------------------------------------------------------------------
// Web bundle

const gzipSize = (file) => gzipSync(readFileSync(file), { level: zlibConstants.Z_BEST_COMPRESSION }).length;

const listFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

/**
 * The JavaScript a first page load needs: the entry chunk of index.html plus its static imports,
 * recursively (dynamic imports are lazy routes and do not count). Reads Vite's build manifest
 * (build.manifest: true → dist/.vite/manifest.json). Returns { missing } when there is no build.
 */
export const webInitialJs = (distDir) => {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(distDir)) return { missing: 'n/a (web not built)' };
  if (!existsSync(manifestPath)) return { missing: 'n/a (no dist/.vite/manifest.json: build.manifest off?)' };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entryKey =
    (manifest['index.html']?.isEntry ? 'index.html' : undefined) ??
    Object.keys(manifest).find((key) => manifest[key].isEntry && (manifest[key].src ?? key).endsWith('index.html')) ??
    Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) return { missing: 'n/a (no entry chunk in the manifest)' };

  const chunkKeys = new Set();
  const visit = (key) => {
    if (chunkKeys.has(key) || !manifest[key]) return;
    chunkKeys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entryKey);

  const initialFiles = [
    ...new Set([...chunkKeys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))),
  ];
  const initial = initialFiles.map((file) => ({ file, gzip: gzipSize(path.join(distDir, file)) }));
  const allJs = listFiles(distDir).filter((file) => /\.m?js$/.test(file));
  return {
    entry: manifest[entryKey].file,
    initial,
    initialGzip: initial.reduce((sum, { gzip }) => sum + gzip, 0),
    allCount: allJs.length,
    allGzip: allJs.reduce((sum, file) => sum + gzipSize(file), 0),
  };
};

// ---------------------------------------------------------------------------------------------
// Process memory

/** VmRSS and VmHWM (peak RSS) of a process in MB, from /proc (Linux); null elsewhere. */
export const processMemory = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1]);
    return { rssMB: kb('VmRSS') / 1024, peakMB: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
};

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node supports

/** CPU time (user + system) a process has used so far, in seconds, from /proc; null elsewhere. */
export const processCpuSeconds = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
};

// ---------------------------------------------------------------------------------------------
// Formatting and the table

export const fmtInt = (value) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '');
export const fmtMs = (value) =>
  Number.isFinite(value) ? (Number.isInteger(value) ? String(value) : value.toFixed(1)) : '';
export const fmtKB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const fmtErrors = ({ errors, non2xx }) => (non2xx ? `${errors} + ${non2xx} non-2xx` : String(errors));

export const COLUMNS = [
  { key: 'benchmark', title: 'benchmark' },
  { key: 'reqPerSec', title: 'req/s', right: true },
  { key: 'p50', title: 'p50 ms', right: true },
  { key: 'p99', title: 'p99 ms', right: true },
  { key: 'errors', title: 'errors', right: true },
  { key: 'figure', title: 'figure' },
  { key: 'target', title: 'target' },
];

/** Rows are { benchmark, reqPerSec?, p50?, p99?, errors?, figure?, target? } with values as strings. */
export const renderTable = (rows, columns = COLUMNS) => {
  const cell = (row, column) => String(row[column.key] ?? '');
  const widths = columns.map((column) => Math.max(column.title.length, ...rows.map((row) => cell(row, column).length)));
  const line = (values) =>
    values
      .map((value, i) => (columns[i].right ? value.padStart(widths[i]) : value.padEnd(widths[i])))
      .join(' | ')
      .trimEnd();
  return [
    line(columns.map((column) => column.title)),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map((row) => line(columns.map((column) => cell(row, column)))),
  ].join('\n');
};
