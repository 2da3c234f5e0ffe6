// Shared helpers for the benchmarks: child processes and their cleanup, autocannon measurements,
// web bundle sizes, process memory and the printed table. Plain Node ESM, no build step.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';
import { hasPostgres, postgresBin, startThrowawayPostgres } from '../scripts/lib/throwaway-postgres.mjs';

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
// Child processes

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

// Computed per answer or per connection by any server; everything else a bare server can send as is.
const PER_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The headers of an answer that a bare server can repeat verbatim (no content-type: that is set apart). */
export const staticHeaders = (headers) =>
  Object.fromEntries([...headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name) && name !== 'content-type'));

// Settings a developer may have exported that would make the bench portal a different portal.
const PORTAL_ENV_DROPPED =
  /^(NODE_ENV|DATABASE_URL|PUBLIC_URL|JWT_SECRET|TRUST_PROXY|SEED_DEMO_DATA|OIDC_.*|LOGIN_.*)$/;

/** `npm start`'s command line (package.json): its variables, then `node`, its flags and the script. */
const npmStart = () => {
  const script = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts.start;
  const [, variables = '', flags = ''] = /^((?:\w+=\S+ )*)node ((?:--\S+ )*)/.exec(script) ?? [];
  return { variables, flags };
};

/**
 * The variables `npm start` sets before its node (package.json: glibc's malloc, ADR 0129): every
 * portal the bench starts gets them, so it runs as `npm start` runs it.
 */
export const npmStartEnv = () =>
  Object.fromEntries([...npmStart().variables.matchAll(/(\w+)=(\S+)/g)].map(([, name, value]) => [name, value]));

/** The flags `npm start` gives node before its script (V8's old generation, ADR 0133), for the same reason. */
export const npmStartNodeFlags = () => npmStart().flags.split(' ').filter(Boolean);

/**
 * Starts the BUILT portal (apps/server/dist/bundle/main.js, what npm start runs) as a child on a
 * free loopback port with a fresh PGlite data dir in a temp dir (removed at cleanup), NODE_ENV
 * unset (development: the admin account and the dev IdP exist), LOG_LEVEL=warn, npm start's
 * variables and node flags (npmStartEnv, npmStartNodeFlags); waits until GET /api/health answers 200.
 * `nodeArgs` go before the script (e.g. --import for experiments), `env` is added last;
 * `prepare(env)` runs before the start (e.g. runNodeScript of the service generator with that env).
 * Returns { url, pid, child, startSeconds, memoryAtStart, health: { body, contentType, headerBytes } }.
 */
export const startPortal = async ({
  name = 'portal',
  admin = { login: 'admin', password: 'admin' },
  webDist,
  nodeArgs = [],
  env: extraEnv = {},
  prepare,
  timeoutMs = 60_000,
} = {}) => {
  const main = path.join(repoRoot, 'apps/server/dist/bundle/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build first (npm run build).`);

  const tempDir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-'));
  const removeTemp = () => rmSync(tempDir, { recursive: true, force: true });
  onCleanup(async () => removeTemp(), removeTemp);
  const port = await freePort();
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (PORTAL_ENV_DROPPED.test(key)) delete env[key];
  Object.assign(
    env,
    npmStartEnv(),
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

  // E.g. generated services: written into the data dir before the server opens it (PGlite allows
  // one process per data dir), with the server's own environment.
  if (prepare) await prepare(env);
  await waitForQuiet();
  log(`starting ${name} on 127.0.0.1:${port} (${env.DATABASE_URL ? 'PostgreSQL' : `fresh PGlite in ${tempDir}`})`);
  const started = Date.now();
  const child = startNode(name, [...npmStartNodeFlags(), ...nodeArgs, main], { env });
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
      headers: health.headers,
      headerBytes: headerBytes(health.headers),
    },
  };
};

/**
 * Starts bench/bare-server.mjs: a bare Fastify in its own process answering `routePath` with
 * exactly `body` and `contentType`, plus the fixed `headers` ({ name: value }); checks that it
 * does. Returns { url, pid, child, headerBytes }.
 */
export const startBare = async ({ body, contentType, routePath = '/api/health', headers = {} }) => {
  let bodyEnv = { BARE_BODY_BASE64: body.toString('base64') };
  if (body.length > 64 * 1024) {
    // One environment variable holds at most 128 KB (Linux MAX_ARG_STRLEN).
    const dir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-bare-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    onCleanup(async () => remove(), remove);
    writeFileSync(path.join(dir, 'body'), body);
    bodyEnv = { BARE_BODY_FILE: path.join(dir, 'body') };
  }
  await waitForQuiet();
  const child = startNode('bare Fastify', [...npmStartNodeFlags(), path.join(repoRoot, 'bench/bare-server.mjs')], {
    ipc: true,
    env: {
      ...process.env,
      // The portal's malloc and heap too: a ratio then compares the portal's work, not their settings.
      ...npmStartEnv(),
      ...bodyEnv,
      BARE_CONTENT_TYPE: contentType,
      BARE_PATH: routePath,
      BARE_HEADERS_JSON: JSON.stringify(headers),
    },
  });
  const port = await ipcPort(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForOk(`${url}${routePath}`, { timeoutMs: 5000, child });
  // The bytes on the wire (fetch would undo a Content-Encoding).
  const answer = await rawGet(`${url}${routePath}`);
  if (!answer.body.equals(body) || answer.headers.get('content-type') !== contentType) {
    throw new Error('the bare server does not answer the same bytes and content type as the portal');
  }
  return { url, pid: child.pid, child, headerBytes: headerBytes(answer.headers) };
};

/**
 * GET with node:http: the body exactly as sent (no decompression, unlike fetch, which also asks
 * for gzip on its own). Answers { status, headers (a Headers), body (a Buffer) }.
 */
export const rawGet = (url, headers = {}, timeoutMs = 30_000) =>
  new Promise((resolve, reject) => {
    const request = httpGet(url, { headers, timeout: timeoutMs }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const result = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          for (const one of [value].flat()) if (one !== undefined) result.append(name, String(one));
        resolve({ status: response.statusCode, headers: result, body: Buffer.concat(chunks) });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });

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

/** Runs `node <args>` (a script, or `-e <code>`) to its end with `env` and returns its stdout; fails with its stderr. */
export const runNodeScript = (args, { env = process.env, timeoutMs = 300_000 } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve(out)
        : reject(
            new Error(
              `node ${args[0]} failed (${signal ?? `code ${code}`}): ${err.trim().split('\n').slice(-5).join(' ')}`,
            ),
          ),
    );
  });

// ---------------------------------------------------------------------------------------------
// Load measurement (autocannon)

/**
 * One autocannon round against `url`. Returns autocannon's raw (unaggregated) result, which keeps
 * the encoded latency histogram so that several rounds can be merged with summarize().
 * Options: method, headers, body, requests (autocannon's: e.g. [{ setupRequest }] to vary the path),
 * connections (50), seconds (5), timeoutSeconds (10).
 */
export const measure = ({
  url,
  method = 'GET',
  headers,
  body,
  requests,
  connections = 50,
  seconds = 5,
  timeoutSeconds = 10,
}) =>
  new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        method,
        headers,
        body,
        ...(requests ? { requests } : {}),
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

// ---------------------------------------------------------------------------------------------
// Load measurement (wrk)

// wrk's done() hook: the round's counts and its whole latency histogram (microseconds: count), so
// that rounds can be merged exactly like autocannon's. latency(i), i = 1 … #latency, answers the
// i-th distinct latency in µs and how often it was recorded (wrk 4.1's stats call).
const WRK_REPORT_LUA = `
done = function(summary, latency, requests)
  local buckets = {}
  for i = 1, #latency do
    local micros, count = latency(i)
    buckets[#buckets + 1] = string.format("%d:%d", micros, count)
  end
  local e = summary.errors
  io.write(string.format('WRK_REPORT {"requests":%d,"durationMicros":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"latency":"%s"}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout, table.concat(buckets, ",")))
end
`;

const WRK = '/usr/bin/wrk';
let wrkScript;

/**
 * Whether wrk (Debian's package) is there; as root, installs it with apt-get when it is missing,
 * like `npm test` does for Chromium. Answers the reason when it cannot be had.
 */
export const ensureWrk = async () => {
  if (existsSync(WRK)) return null;
  if (process.getuid?.() !== 0) return 'wrk is not installed (apt-get install wrk)';
  log("wrk is missing: installing Debian's package with apt-get");
  const apt = (args) =>
    new Promise((resolve) =>
      spawn('apt-get', args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      })
        .once('error', () => resolve(1))
        .once('exit', (code) => resolve(code ?? 1)),
    );
  if ((await apt(['install', '-y', '--no-install-recommends', 'wrk'])) !== 0) {
    await apt(['update']);
    await apt(['install', '-y', '--no-install-recommends', 'wrk']);
  }
  return existsSync(WRK) ? null : 'wrk could not be installed with apt-get';
};

/**
 * One wrk round (one client thread, written in C): for large answers autocannon's own parsing is
 * the bottleneck (about 1,400 req/s for 50 KB bodies against a bare Fastify that wrk drives at
 * 30,000), so its latencies measure the client, not the server. Returns
 * { requests, seconds, errors, non2xx, histogram: Map<µs, count> }.
 */
export const measureWrk = ({ url, headers = {}, connections = 50, seconds = 5, timeoutSeconds = 10 }) =>
  new Promise((resolve, reject) => {
    if (!wrkScript) {
      const dir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-wrk-'));
      const remove = () => rmSync(dir, { recursive: true, force: true });
      onCleanup(async () => remove(), remove);
      wrkScript = path.join(dir, 'report.lua');
      writeFileSync(wrkScript, WRK_REPORT_LUA);
    }
    const args = ['-t1', `-c${connections}`, `-d${seconds}s`, `--timeout`, `${timeoutSeconds}s`, '-s', wrkScript];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const child = spawn(WRK, [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK_REPORT '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (code ${code}): ${err.trim() || out.trim()}`));
      const report = JSON.parse(line.slice('WRK_REPORT '.length));
      const histogram = new Map();
      for (const bucket of report.latency ? report.latency.split(',') : []) {
        const [micros, count] = bucket.split(':').map(Number);
        histogram.set(micros, count);
      }
      resolve({
        requests: report.requests,
        seconds: report.durationMicros / 1e6,
        errors: report.connect + report.read + report.write + report.timeout,
        non2xx: report.status,
        histogram,
      });
    });
  });

/** The latency (ms) at percentile `p` of merged wrk histograms. */
const histogramPercentile = (histogram, total, p) => {
  const wanted = Math.ceil((total * p) / 100);
  let seen = 0;
  for (const micros of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(micros);
    if (seen >= wanted) return micros / 1000;
  }
  return NaN;
};

/** Merges wrk rounds into the same summary shape as summarize() (p50/p99 to 0.1 ms). */
export const summarizeWrk = (rounds) => {
  const histogram = new Map();
  for (const round of rounds)
    for (const [micros, count] of round.histogram) histogram.set(micros, (histogram.get(micros) ?? 0) + count);
  const recorded = [...histogram.values()].reduce((sum, count) => sum + count, 0);
  const rates = rounds.map((round) => (round.seconds > 0 ? round.requests / round.seconds : 0));
  const round1 = (ms) => Math.round(ms * 10) / 10;
  return {
    reqPerSec: rates.reduce((sum, rate) => sum + rate, 0) / rates.length,
    roundRates: rates,
    p50: round1(histogramPercentile(histogram, recorded, 50)),
    p99: round1(histogramPercentile(histogram, recorded, 99)),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
    statusCodes: {},
  };
};

const CLIENTS = {
  autocannon: {
    measure,
    summarize,
    rate: (round) => round.totalCompletedRequests / round.duration,
    count: (round) => round.totalCompletedRequests,
  },
  wrk: {
    measure: measureWrk,
    summarize: summarizeWrk,
    rate: (round) => round.requests / round.seconds,
    count: (round) => round.requests,
  },
};

const TASKSET = '/usr/bin/taskset';

/** Pins every thread of `pid` to `cpus` (taskset's list, e.g. "1" or "0-1"); false when it cannot. */
const pinProcess = (pid, cpus) => {
  try {
    execFileSync(TASKSET, ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Puts the load client (this process, and wrk, which inherits its CPU) on the first CPU and the
 * servers on the others, so that they never take turns on one core: on two shared cores the
 * server's CPU per request otherwise jumps by a fifth whenever the scheduler puts both on one core.
 * Returns the undo (everything back on every CPU), or null on one CPU or without taskset.
 */
const separateCores = (serverPids) => {
  const cpus = availableParallelism();
  if (cpus < 2 || !existsSync(TASKSET)) return null;
  const all = `0-${cpus - 1}`;
  if (!pinProcess(process.pid, '0')) return null;
  for (const pid of serverPids) pinProcess(pid, `1-${cpus - 1}`);
  return () => {
    pinProcess(process.pid, all);
    for (const pid of serverPids) pinProcess(pid, all);
  };
};

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Bare's CPU per request ÷ the portal's, as the median of the rounds' ratios: each round measures
 * the two one right after the other, so a drift of the machine (the host's other load, the
 * client's own state) that lasts a few rounds moves both figures of those rounds alike and leaves
 * the median alone. Null without per-round figures for both.
 */
export const cpuRatio = (portal, bare) => {
  const mine = portal.cpuRounds ?? [];
  const base = bare.cpuRounds ?? [];
  if (mine.length === 0 || mine.length !== base.length) return null;
  return median(mine.map((micros, round) => base[round] / micros));
};

/**
 * One side of a comparison measured as several processes of the same server (bench/README.md,
 * "one process is one draw"): per round the mean of the processes' CPU per request and req/s, so
 * that cpuRatio compares the sums of each round; p50 the median of the processes', p99 the highest.
 * `processMicros` keeps each process's own median CPU per request.
 */
export const mergeProcesses = (summaries) => {
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const total = (key) => summaries.reduce((sum, summary) => sum + summary[key], 0);
  const perRound = (key) => summaries[0][key].map((_, round) => mean(summaries.map((summary) => summary[key][round])));
  const complete = summaries.every(
    (summary) => summary.cpuRounds.length > 0 && summary.cpuRounds.length === summaries[0].cpuRounds.length,
  );
  const cpuRounds = complete ? perRound('cpuRounds') : [];
  return {
    reqPerSec: mean(summaries.map((summary) => summary.reqPerSec)),
    roundRates: perRound('roundRates'),
    p50: median(summaries.map((summary) => summary.p50)),
    p99: Math.max(...summaries.map((summary) => summary.p99)),
    requests: total('requests'),
    errors: total('errors'),
    non2xx: total('non2xx'),
    statusCodes: {},
    cpuRounds,
    cpuMicrosPerRequest: complete ? median(cpuRounds) : null,
    processMicros: summaries.map((summary) => summary.cpuMicrosPerRequest),
  };
};

/**
 * Measures several targets in alternation (A, B, A, B, ...) so that drift of the machine (other
 * load, CPU boost, GC state) hits all of them alike. Each target first gets a warm-up run that is
 * thrown away. `targets` is [{ name, url, method?, headers?, body?, pid? }]; with a pid, the
 * server's CPU time per request (user + system, from /proc) is measured too, which is far less
 * noisy than req/s on a shared machine: per round (`cpuRounds`, for `cpuRatio`) and as the median
 * of the rounds (`cpuMicrosPerRequest`). `client` is 'autocannon' or 'wrk' (see measureWrk);
 * `separate` puts the client and the servers on different CPUs for the whole run (separateCores).
 * Returns { [name]: summary (+ cpuMicrosPerRequest, cpuRounds) }.
 */
export const alternate = async (
  targets,
  { rounds = 3, seconds = 5, warmupSeconds = 2, connections = 50, client = 'autocannon', separate = false } = {},
) => {
  const load = CLIENTS[client];
  const results = Object.fromEntries(targets.map((target) => [target.name, { rounds: [], cpuRounds: [] }]));
  const undoCores = separate ? separateCores(targets.flatMap(({ pid }) => (pid ? [pid] : []))) : null;
  try {
    for (const target of targets) {
      log(`warm-up ${target.name} (${warmupSeconds} s, ${connections} connections, ${client})`);
      await load.measure({ ...target, connections, seconds: warmupSeconds });
    }
    for (let round = 1; round <= rounds; round += 1) {
      for (const target of targets) {
        const cpuBefore = target.pid ? processCpuSeconds(target.pid) : null;
        const result = await load.measure({ ...target, connections, seconds });
        const cpuAfter = target.pid ? processCpuSeconds(target.pid) : null;
        results[target.name].rounds.push(result);
        const requests = load.count(result);
        if (cpuBefore !== null && cpuAfter !== null && requests > 0)
          results[target.name].cpuRounds.push(((cpuAfter - cpuBefore) * 1e6) / requests);
        log(`round ${round}/${rounds} ${target.name}: ${fmtInt(load.rate(result))} req/s`);
      }
    }
  } finally {
    undoCores?.();
  }
  return Object.fromEntries(
    targets.map(({ name }) => {
      const summary = load.summarize(results[name].rounds);
      const { cpuRounds } = results[name];
      const cpuMicrosPerRequest = cpuRounds.length === rounds ? median(cpuRounds) : null;
      return [name, { ...summary, cpuMicrosPerRequest, cpuRounds: cpuMicrosPerRequest === null ? [] : cpuRounds }];
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
 * The source module of the lazy page a web route shows, as a path under apps/web (e.g.
 * src/pages/PublicServicePortfolioPage): the route's id from the domain's route table, its page in
 * apps/web/src/app/pages.ts, that page's import(). Routes without a page of their own show
 * PlaceholderPage (pageFor). Returns null when the sources do not say.
 */
export const routePageModule = (routePath) => {
  const read = (file) => {
    try {
      return readFileSync(path.join(repoRoot, file), 'utf8');
    } catch {
      return '';
    }
  };
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const routes = read('packages/domain/src/routes.ts');
  const pages = read('apps/web/src/app/pages.ts');
  const routeId = new RegExp(`id:\\s*'(\\w+)',\\s*path:\\s*'${escape(routePath)}'`).exec(routes)?.[1];
  if (!routeId || !pages) return null;
  const component = new RegExp(`^\\s*${routeId}:\\s*(\\w+),?\\s*$`, 'm').exec(pages)?.[1] ?? 'PlaceholderPage';
  const specifier = new RegExp(`const ${component}\\s*=\\s*lazy\\(\\s*\\(\\)\\s*=>\\s*import\\('([^']+)'\\)`).exec(
    pages,
  )?.[1];
  return specifier ? path.posix.join('src/app', specifier) : null;
};

/**
 * Vite's build manifest (build.manifest: true → dist/.vite/manifest.json) with the chunks the
 * index.html entry loads statically, recursively; `visit` adds a further chunk and its static
 * imports. Returns { missing } when there is no build.
 */
const readShell = (distDir) => {
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
  return { manifest, entryKey, chunkKeys, visit };
};

/**
 * The JavaScript a first page load needs: the entry chunk of index.html plus its static imports,
 * recursively (dynamic imports are lazy routes and do not count), and with `pageModule` (see
 * routePageModule) that page's lazy chunk and its static imports too. Reads Vite's build manifest
 * (build.manifest: true → dist/.vite/manifest.json). Returns { missing } when there is no build.
 */
export const webInitialJs = (distDir, { pageModule } = {}) => {
  const shell = readShell(distDir);
  if (shell.missing) return shell;
  const { manifest, entryKey, chunkKeys, visit } = shell;
  let pageKey;
  if (pageModule) {
    pageKey = Object.keys(manifest).find((key) => key.replace(/\.[cm]?[jt]sx?$/, '') === pageModule);
    if (!pageKey) return { missing: `n/a (${pageModule} is not in the manifest)` };
    visit(pageKey);
  }

  const initialFiles = [
    ...new Set([...chunkKeys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'))),
  ];
  const initial = initialFiles.map((file) => ({ file, gzip: gzipSize(path.join(distDir, file)) }));
  const allJs = listFiles(distDir).filter((file) => /\.m?js$/.test(file));
  return {
    entry: manifest[entryKey].file,
    page: pageKey ? manifest[pageKey].file : undefined,
    initial,
    initialGzip: initial.reduce((sum, { gzip }) => sum + gzip, 0),
    allCount: allJs.length,
    allGzip: allJs.reduce((sum, file) => sum + gzipSize(file), 0),
  };
};

/**
 * The manifest's guess at a page's first visit: webInitialJs with `pageModule`, plus the page
 * chunk's `dynamicImports` and their static imports. The manifest cannot say which of those the
 * page starts at once (the data table) and which on a click; webFirstVisitJs asks a browser.
 */
export const webPageWithDynamicJs = (distDir, { pageModule }) => {
  const base = webInitialJs(distDir, { pageModule });
  if (base.missing) return base;
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
  const pageKey = Object.keys(manifest).find((key) => manifest[key].file === base.page);
  const files = new Set(base.initial.map(({ file }) => file));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    if (manifest[key].file.endsWith('.js')) files.add(manifest[key].file);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const dynamic of manifest[pageKey]?.dynamicImports ?? []) visit(dynamic);
  const initial = [...files].map((file) => ({ file, gzip: gzipSize(path.join(distDir, file)) }));
  return { ...base, initial, initialGzip: initial.reduce((sum, { gzip }) => sum + gzip, 0) };
};

/**
 * What a first visit of a page really loads: Debian's Chromium (playwright-core, a fresh profile,
 * no login) opens `url + pagePath` on a running portal, waits until `ready` (a CSS selector, e.g.
 * the first data row) shows and the network has been quiet for 500 ms, and sums the JavaScript
 * files it requested, each gzipped at level 9 from `distDir` like the manifest rows. Counts what
 * the page starts at mount (lazy chunks it imports at once) and nothing a click would load.
 * Returns { missing } without playwright-core or Chromium.
 */
export const webFirstVisitJs = async ({ url, pagePath, ready, distDir }) => {
  const { executablePath, args } = chromiumLaunchOptions();
  if (!existsSync(executablePath)) return { missing: `n/a (no Chromium at ${executablePath})` };
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { missing: 'n/a (playwright-core not installed)' };
  }
  const browser = await chromium.launch({ executablePath, args });
  onCleanup(() => browser.close().catch(() => {}));
  try {
    const page = await browser.newPage();
    const requested = new Set();
    page.on('request', (request) => {
      const { origin, pathname } = new URL(request.url());
      if (origin === new URL(url).origin && /\.m?js$/.test(pathname)) requested.add(pathname);
    });
    await page.goto(`${url}${pagePath}`);
    await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const files = [...requested].map((pathname) => pathname.replace(/^\//, ''));
    const initial = files.map((file) => ({ file, gzip: gzipSize(path.join(distDir, file)) }));
    return { initial, initialGzip: initial.reduce((sum, { gzip }) => sum + gzip, 0) };
  } finally {
    await browser.close();
  }
};

/**
 * The CSS a first page load needs: the `css` files of the index.html entry and of its static
 * imports, recursively (lazy chunks' CSS loads with their screens), each gzipped at level 9,
 * summed. Same manifest walk as webInitialJs; returns { missing } when there is no build.
 */
export const webInitialCss = (distDir) => {
  const shell = readShell(distDir);
  if (shell.missing) return shell;
  const { manifest, chunkKeys } = shell;
  const files = [...new Set([...chunkKeys].flatMap((key) => manifest[key].css ?? []))];
  const initial = files.map((file) => ({ file, gzip: gzipSize(path.join(distDir, file)) }));
  const allCss = listFiles(distDir).filter((file) => file.endsWith('.css'));
  return {
    initial,
    initialGzip: initial.reduce((sum, { gzip }) => sum + gzip, 0),
    allCount: allCss.length,
    allGzip: allCss.reduce((sum, file) => sum + gzipSize(file), 0),
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

/** Busy and all CPU ticks of the machine since boot, from /proc/stat's first line; null elsewhere. */
const machineTicks = () => {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // Steal is the host's own load, which the bench can neither see nor wait out.
    const busy = user + nice + system + irq + softirq;
    return { busy, all: busy + idle + iowait + steal };
  } catch {
    return null;
  }
};

/**
 * Waits until the machine's CPUs have been busy less than `share` of a whole `windowMs`, for at
 * most `timeoutMs`. Every server the bench compares starts on such a quiet machine: a process's
 * CPU per request depends on what the machine did while it started, and a bare twin started while
 * the portal was still busy after its start needed about a tenth less per request than one started
 * on a quiet machine (bench/README.md, "one process is one draw"). Resolves to true when quiet,
 * false when the time ran out or the machine cannot tell.
 */
export const waitForQuiet = async ({ share = 0.1, windowMs = 1000, timeoutMs = 30_000 } = {}) => {
  const until = Date.now() + timeoutMs;
  let before = machineTicks();
  while (before && Date.now() < until) {
    await sleep(windowMs);
    const after = machineTicks();
    if (!after) return false;
    const all = after.all - before.all;
    if (all > 0 && (after.busy - before.busy) / all < share) return true;
    before = after;
  }
  if (before) log(`the machine did not get quiet within ${timeoutMs / 1000} s; starting all the same`);
  return false;
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

// ---------------------------------------------------------------------------------------------
// A throwaway PostgreSQL and `npm start`

/**
 * A throwaway PostgreSQL 15 server with the database `nubes`, like the server tests'
 * (scripts/lib/throwaway-postgres.mjs), stopped and removed at cleanup. Returns { url, stop,
 * createDatabase(name) => url of a further empty database on the same server }, or { missing }
 * when PostgreSQL is not installed (PG_BIN, default /usr/lib/postgresql/15/bin).
 */
export const startPostgres = async () => {
  if (!hasPostgres()) return { missing: `n/a (no PostgreSQL in ${postgresBin()})` };
  const { serverUrl, url, stop, killNow } = await startThrowawayPostgres({ database: 'nubes' });
  onCleanup(stop, killNow);
  const createDatabase = async (name) => {
    const client = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await client.connect();
    try {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await client.end();
    }
    return `${serverUrl}/${name}`;
  };
  return { url, stop, createDatabase };
};

/**
 * Seconds from spawning `npm start` (prestart's up-to-date build included) until GET /api/health
 * answers 200, on `dataDir` (an existing PGlite data dir for the start that matters); then stops
 * the whole process group. `env` as for startPortal.
 */
export const timeNpmStart = async ({ dataDir, env: extraEnv = {}, timeoutMs = 60_000 }) => {
  const port = await freePort();
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (PORTAL_ENV_DROPPED.test(key) || key.startsWith('npm_')) delete env[key];
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, extraEnv);
  const started = performance.now();
  const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const tail = [];
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk) => {
      tail.push(String(chunk));
      if (tail.length > 40) tail.shift();
    });
  let running = true;
  const exited = new Promise((resolve) => child.once('exit', () => resolve((running = false))));
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  onCleanup(
    async () => {
      if (!running) return;
      killGroup('SIGTERM');
      if ((await Promise.race([exited, sleep(5000).then(() => 'timeout')])) === 'timeout') killGroup('SIGKILL');
    },
    () => running && killGroup('SIGKILL'),
  );
  try {
    const deadline = started + timeoutMs;
    for (;;) {
      if (!running) throw new Error(`npm start exited before it answered:\n${tail.join('')}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        if (response.status === 200) break;
      } catch {
        // not listening yet
      }
      if (performance.now() > deadline) throw new Error(`npm start did not answer within ${timeoutMs / 1000} s`);
      await sleep(20);
    }
    return (performance.now() - started) / 1000;
  } finally {
    killGroup('SIGTERM');
    // npm may exit before the server it started has shut down and let go of the data dir, which
    // the next start on it then finds in use: wait for the whole group.
    if (!(await groupGone(child.pid, 10_000))) {
      killGroup('SIGKILL');
      await groupGone(child.pid, 5000);
    }
    await exited;
  }
};

/** Whether every process of the group `pgid` has ended within `timeoutMs`. */
const groupGone = async (pgid, timeoutMs) => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return true;
    }
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
};

// ---------------------------------------------------------------------------------------------
// The server's source lines

// What counts: the server's TypeScript, without its tests, the demo data and the test harness.
const SERVER_SOURCE = 'apps/server/src';
const NOT_SERVER_SOURCE = [`${SERVER_SOURCE}/demo/`, `${SERVER_SOURCE}/test/`];
const isServerSource = (file) =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && !NOT_SERVER_SOURCE.some((dir) => file.startsWith(dir));

/** Lines as `git grep -c ''` counts them: a last line without a newline counts too. */
const countLines = (text) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

/** The server's source lines in the working tree: { lines, files }. */
export const serverSourceLines = () => {
  const files = listFiles(path.join(repoRoot, SERVER_SOURCE))
    .map((file) => path.relative(repoRoot, file).split(path.sep).join('/'))
    .filter(isServerSource);
  const lines = files.reduce((sum, file) => sum + countLines(readFileSync(path.join(repoRoot, file), 'utf8')), 0);
  return { lines, files: files.length };
};

/** The same count at `commit` from git (`git grep -c ''`), or null when git or the commit is not there. */
export const serverSourceLinesAt = (commit) => {
  try {
    const out = execFileSync('git', ['grep', '-c', '', commit, '--', `${SERVER_SOURCE}/*.ts`], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 16 * 1024 * 1024,
    });
    let lines = 0;
    let files = 0;
    for (const line of out.split('\n')) {
      // <commit>:<path>:<count>
      const match = /^[^:]+:(.+):(\d+)$/.exec(line);
      if (!match || !isServerSource(match[1])) continue;
      lines += Number(match[2]);
      files += 1;
    }
    return files > 0 ? { lines, files } : null;
  } catch {
    return null;
  }
};
