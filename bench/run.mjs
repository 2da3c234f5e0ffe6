// `npm run bench` (= npm run build && node bench/run.mjs): starts the BUILT portal on a fresh PGlite
// data dir and a bare Fastify baseline, each in its own process on loopback, runs the scenarios
// below in order and prints one table. Benchmarks print figures; nothing here asserts a time.
//
// Adding a row: append a scenario { name, run(ctx) => rows[] } to SCENARIOS (before the RSS one,
// which reads the memory "after the run"). Use measure()/alternate()/summarize() from lib.mjs for
// load and the fmt* helpers for cells; a row is { benchmark, reqPerSec, p50, p99, errors, figure,
// target }, every cell optional.
//
// Knobs (environment): BENCH_ROUNDS (5), BENCH_ROUND_SECONDS (3), BENCH_WARMUP_SECONDS (2),
// BENCH_CONNECTIONS (50), BENCH_LOGIN_CONNECTIONS (8), BENCH_LOGIN_SECONDS (10),
// BENCH_WEB_DIST (apps/web/dist), BENCH_START_TIMEOUT_SECONDS (60).
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  alternate,
  fmtErrors,
  fmtInt,
  fmtKB,
  fmtMs,
  log,
  measure,
  processMemory,
  renderTable,
  repoRoot,
  runCleanup,
  runNodeEval,
  startBare,
  startPortal,
  summarize,
  webInitialJs,
} from './lib.mjs';

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const settings = {
  rounds: num('BENCH_ROUNDS', 5),
  roundSeconds: num('BENCH_ROUND_SECONDS', 3),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 2),
  connections: num('BENCH_CONNECTIONS', 50),
  loginConnections: num('BENCH_LOGIN_CONNECTIONS', 8),
  loginSeconds: num('BENCH_LOGIN_SECONDS', 10),
  startTimeoutSeconds: num('BENCH_START_TIMEOUT_SECONDS', 60),
  webDist: path.resolve(repoRoot, process.env.BENCH_WEB_DIST || 'apps/web/dist'),
};

const ADMIN = { login: 'admin', password: 'admin' };
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keylen: 64, maxmem: 256 * 1024 * 1024 };
const SCRYPT_RUNS = 5;
const HEALTH_RATIO_TARGET = 0.8;
const WEB_INITIAL_JS_TARGET_KB = 150;

// ---------------------------------------------------------------------------------------------
// Scenarios, in run order. Each returns table rows.

const SCENARIOS = [
  {
    name: 'health vs bare Fastify',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, connections } = settings;
      const results = await alternate(
        [
          { name: 'portal', url: `${ctx.portal.url}/api/health`, pid: ctx.portal.pid },
          { name: 'bare', url: `${ctx.bare.url}/api/health`, pid: ctx.bare.pid },
        ],
        { rounds, seconds: roundSeconds, warmupSeconds, connections },
      );
      const { portal, bare } = results;
      const ratio = portal.reqPerSec / bare.reqPerSec;
      ctx.notes.push(
        `health rounds (req/s): portal ${portal.roundRates.map(fmtInt).join(', ')}; bare ${bare.roundRates.map(fmtInt).join(', ')}`,
      );
      if (ratio < HEALTH_RATIO_TARGET) {
        ctx.notes.push(
          `health / bare = ${ratio.toFixed(2)} is below the target ${HEALTH_RATIO_TARGET}; see bench/README.md`,
        );
      }
      const cpu = (summary) =>
        summary.cpuMicrosPerRequest ? `server CPU ${summary.cpuMicrosPerRequest.toFixed(0)} µs/req; ` : '';
      const loadRow = (benchmark, summary, headerBytes) => ({
        benchmark,
        reqPerSec: fmtInt(summary.reqPerSec),
        p50: fmtMs(summary.p50),
        p99: fmtMs(summary.p99),
        errors: fmtErrors(summary),
        figure: `${cpu(summary)}headers ${headerBytes} B + body ${ctx.health.body.length} B`,
      });
      const cpuFactor =
        portal.cpuMicrosPerRequest && bare.cpuMicrosPerRequest
          ? portal.cpuMicrosPerRequest / bare.cpuMicrosPerRequest
          : null;
      return [
        loadRow(`GET /api/health (${connections} conns)`, portal, ctx.health.headerBytes),
        loadRow(`bare Fastify, same bytes (${connections} conns)`, bare, ctx.bare.headerBytes),
        {
          benchmark: 'health / bare ratio',
          figure:
            `${ratio.toFixed(2)}${ratio < HEALTH_RATIO_TARGET ? ' (below target)' : ''}` +
            `${cpuFactor ? `; CPU per request ${cpuFactor.toFixed(1)}× bare` : ''}; ${rounds}×${roundSeconds} s alternated`,
          target: `≥ ${HEALTH_RATIO_TARGET}`,
        },
      ];
    },
  },
  {
    name: 'login and its password hash',
    run: async (ctx) => {
      const url = `${ctx.portal.url}/api/login`;
      const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) };

      // One real login first: the load below must be measuring successes, not 401s or 429s.
      const check = await fetch(url, { ...request, signal: AbortSignal.timeout(30_000) });
      const checkBody = await check.json().catch(() => ({}));
      if (check.status !== 200 || typeof checkBody.token !== 'string') {
        throw new Error(`POST /api/login as ${ADMIN.login} answered ${check.status}, expected 200 with a token`);
      }

      // The hash alone, in a fresh process with the server idle: one at a time (the floor of one
      // login's latency), then as many at once as the server's libuv threadpool runs (the ceiling of
      // its login rate: scrypt is memory-hard, so parallel hashes share the memory bandwidth).
      const threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
      const parallel = Math.min(threadpool, settings.loginConnections);
      log(`timing scrypt alone (node -e: ${SCRYPT_RUNS} one at a time, then ${parallel} at once)`);
      const options = `{ N: ${SCRYPT.N}, r: ${SCRYPT.r}, p: ${SCRYPT.p}, maxmem: ${SCRYPT.maxmem} }`;
      const code = `
        const { scrypt, scryptSync, randomBytes } = require('node:crypto');
        const times = [];
        for (let i = 0; i < ${SCRYPT_RUNS}; i++) {
          const salt = randomBytes(16);
          const start = process.hrtime.bigint();
          scryptSync('admin', salt, ${SCRYPT.keylen}, ${options});
          times.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
        const one = () => new Promise((resolve, reject) =>
          scrypt('admin', randomBytes(16), ${SCRYPT.keylen}, ${options}, (error) => (error ? reject(error) : resolve())));
        const start = process.hrtime.bigint();
        Promise.all(Array.from({ length: ${parallel} }, async () => { await one(); await one(); })).then(() => {
          const seconds = Number(process.hrtime.bigint() - start) / 1e9;
          console.log(JSON.stringify({ times, parallelRate: ${parallel * 2} / seconds }));
        });`;
      const { times, parallelRate } = JSON.parse(await runNodeEval(code));
      // The fastest run is the hash's own cost; slower ones measured the machine's other load.
      const sorted = [...times].sort((a, b) => a - b);
      const hashMs = sorted[0];
      const medianMs = sorted[Math.floor(sorted.length / 2)];

      log(`POST /api/login, ${settings.loginConnections} connections, ${settings.loginSeconds} s`);
      const login = summarize([
        await measure({
          url,
          ...request,
          connections: settings.loginConnections,
          seconds: settings.loginSeconds,
          timeoutSeconds: 30,
        }),
      ]);
      const otherCodes = Object.entries(login.statusCodes).filter(([status]) => status !== '200');
      if (otherCodes.length > 0)
        ctx.notes.push(`login status codes: ${otherCodes.map(([s, n]) => `${n}× ${s}`).join(', ')}`);

      return [
        {
          benchmark: `POST /api/login (${settings.loginConnections} conns)`,
          reqPerSec: login.reqPerSec.toFixed(1),
          p50: fmtMs(login.p50),
          p99: fmtMs(login.p99),
          errors: fmtErrors(login),
          figure: `cost is the scrypt hash: alone, ${parallel} at once, ${parallelRate.toFixed(1)} hashes/s`,
        },
        {
          benchmark: 'scrypt hash alone',
          p50: fmtMs(Math.round(medianMs)),
          figure: `${Math.round(hashMs)} ms per hash (N=2^17, r=8, p=1; best of ${times.length})`,
          target: 'by design',
        },
      ];
    },
  },
  {
    name: 'web initial JavaScript',
    run: async () => {
      const web = webInitialJs(settings.webDist);
      const target = `≤ ${WEB_INITIAL_JS_TARGET_KB} KB`;
      if (web.missing) return [{ benchmark: 'web initial JS (gzip)', figure: web.missing, target }];
      const over = web.initialGzip / 1024 > WEB_INITIAL_JS_TARGET_KB;
      return [
        {
          benchmark: 'web initial JS (gzip)',
          figure:
            `${fmtKB(web.initialGzip)} in ${web.initial.length} file${web.initial.length === 1 ? '' : 's'}` +
            `${over ? ' (over target)' : ''}; all JS ${fmtKB(web.allGzip)} in ${web.allCount}`,
          target,
        },
      ];
    },
  },
  {
    // Last: "after the run" means after every load scenario above.
    name: 'server memory',
    run: async (ctx) => {
      const memory = processMemory(ctx.portal.pid);
      if (!memory) return [{ benchmark: 'server RSS after run', figure: 'n/a (no /proc)' }];
      const atStart = ctx.portal.memoryAtStart;
      return [
        {
          benchmark: 'server RSS after run',
          figure:
            `${memory.rssMB.toFixed(0)} MB` +
            (atStart ? ` (after start ${atStart.rssMB.toFixed(0)} MB; peak ${memory.peakMB.toFixed(0)} MB)` : ''),
          target: 'info',
        },
      ];
    },
  },
];

// ---------------------------------------------------------------------------------------------

const versionOf = (pkg) => {
  try {
    return JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
};

const main = async () => {
  const began = Date.now();
  const ctx = { notes: [] };
  try {
    ctx.portal = await startPortal({
      admin: ADMIN,
      webDist: settings.webDist,
      timeoutMs: settings.startTimeoutSeconds * 1000,
    });
    ctx.health = ctx.portal.health;
    ctx.bare = await startBare({ body: ctx.health.body, contentType: ctx.health.contentType });
  } catch (error) {
    console.error(`bench: the servers did not start: ${error.message}`);
    await runCleanup();
    process.exit(1);
  }

  const rows = [];
  let failed = 0;
  for (const scenario of SCENARIOS) {
    log(`— ${scenario.name}`);
    try {
      rows.push(...(await scenario.run(ctx)));
    } catch (error) {
      failed += 1;
      rows.push({ benchmark: scenario.name, figure: `FAILED: ${error.message.split('\n')[0]}` });
      log(`${scenario.name} failed:`, error);
    }
  }
  await runCleanup();

  console.log(
    [
      `Nubes benchmarks, ${new Date().toISOString()}`,
      `Node ${process.version}, ${availableParallelism()} CPUs, fastify ${versionOf('fastify')}, autocannon ${versionOf('autocannon')};` +
        ' client and servers share this machine (loopback).',
      `Portal: built server on a fresh PGlite (healthy after ${ctx.portal.startSeconds.toFixed(1)} s), NODE_ENV unset, LOG_LEVEL=warn.`,
      '',
      renderTable(rows),
      '',
      ...ctx.notes.map((note) => `note: ${note}`),
      `total ${((Date.now() - began) / 1000).toFixed(0)} s`,
    ].join('\n'),
  );
  process.exit(failed > 0 ? 1 : 0);
};

main().catch(async (error) => {
  console.error('bench failed:', error);
  await runCleanup();
  process.exit(1);
});
