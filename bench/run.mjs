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
// BENCH_CONNECTIONS (50), BENCH_LOGIN_CONNECTIONS (4), BENCH_LOGIN_SECONDS (10), BENCH_MAILS (1000),
// BENCH_PUBLIC_SERVICES (5000), BENCH_LIST_SERVICES (10000), BENCH_LIST_CONNECTIONS (20),
// BENCH_CHANGE_REQUESTS (2000), BENCH_RESOURCE_PACKAGES (5000), BENCH_CONTACTS (50000),
// BENCH_WEB_DIST (apps/web/dist), BENCH_START_TIMEOUT_SECONDS (60), BENCH_ONLY (e.g. "public,list").
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  alternate,
  cpuRatio,
  ensureWrk,
  fmtErrors,
  fmtInt,
  fmtKB,
  fmtMs,
  log,
  measure,
  median,
  mergeProcesses,
  onCleanup,
  processMemory,
  rawGet,
  renderTable,
  repoRoot,
  routePageModule,
  runCleanup,
  runNodeScript,
  startBare,
  startPortal,
  startPostgres,
  staticHeaders,
  summarize,
  timeNpmStart,
  webFirstVisitJs,
  webInitialCss,
  webInitialJs,
  webPageWithDynamicJs,
} from './lib.mjs';
import { ssoLogin } from '../scripts/lib/sso-browser.mjs';

const num = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

const settings = {
  rounds: num('BENCH_ROUNDS', 5),
  roundSeconds: num('BENCH_ROUND_SECONDS', 3),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 2),
  connections: num('BENCH_CONNECTIONS', 50),
  loginConnections: num('BENCH_LOGIN_CONNECTIONS', 4),
  loginSeconds: num('BENCH_LOGIN_SECONDS', 10),
  publicServices: num('BENCH_PUBLIC_SERVICES', 5000),
  listServices: num('BENCH_LIST_SERVICES', 10_000),
  listConnections: num('BENCH_LIST_CONNECTIONS', 20),
  changeRequests: num('BENCH_CHANGE_REQUESTS', 2000),
  resourcePackages: num('BENCH_RESOURCE_PACKAGES', 5000),
  contacts: num('BENCH_CONTACTS', 50_000),
  startTimeoutSeconds: num('BENCH_START_TIMEOUT_SECONDS', 60),
  // Processes of each side in the rows against a bare twin (bench/README.md, "one process is one draw").
  processes: Math.max(1, num('BENCH_PROCESSES', 2)),
  webDist: path.resolve(repoRoot, process.env.BENCH_WEB_DIST || 'apps/web/dist'),
};

const ADMIN = { login: 'admin', password: 'admin' };
const SCRYPT = { N: 2 ** 17, r: 8, p: 1, keylen: 64, maxmem: 256 * 1024 * 1024 };
const SCRYPT_RUNS = 5;
const HEALTH_RATIO_TARGET = 0.8;
/** Bare Fastify's server CPU per request ÷ the portal's: at least 0.9, i.e. the portal needs at most about 1.1× bare's CPU. */
const CPU_RATIO_TARGET = 0.9;
const NPM_START_TARGET_SECONDS = 3;
const RSS_PGLITE_TARGET_MB = 600;
const RSS_POSTGRES_TARGET_MB = 250;
const WEB_INITIAL_JS_TARGET_KB = 150;
const PUBLIC_RATIO_TARGET = 0.8;
const PUBLIC_P99_TARGET_MS = 20;
const LIST_P99_TARGET_MS = 30;
/** The home dashboard's answer for paula over the bench's services. */
const DASHBOARD_P99_TARGET_MS = 30;
const CONTACT_SEARCH_P99_TARGET_MS = 50;
const PUBLIC_PORTFOLIO_ROUTE = '/sc/public-service-portfolio';
const GENERATOR = path.join(repoRoot, 'apps/server/dist/demo/generate-services-cli.js');

/**
 * Another portal on a fresh database that holds the demo data and `count` generated services
 * (apps/server/src/demo/generate-services.ts, written before the start: PGlite allows one process
 * per data dir). Stopped by the scenario that started it.
 */
const startPortfolioPortal = async (name, count, changeRequests = 0, resourcePackages = 0, contacts = 0) => {
  let generated = null;
  const portal = await startPortal({
    name,
    webDist: settings.webDist,
    timeoutMs: settings.startTimeoutSeconds * 1000,
    prepare: async (env) => {
      log(`generating ${count} services for the ${name}`);
      generated = JSON.parse(
        await runNodeScript(
          [
            GENERATOR,
            '--count',
            String(count),
            '--change-requests',
            String(changeRequests),
            '--resource-packages',
            String(resourcePackages),
            '--contacts',
            String(contacts),
          ],
          { env },
        ),
      );
      log(`generated ${generated.generated} services in ${generated.generateSeconds.toFixed(1)} s`);
    },
  });
  return { portal, generated };
};

/** A small seeded PRNG, so every run asks the same list queries. */
const seeded = (seed) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const TAB_STATES = {
  application: ['application_draft', 'application_received'],
  pipeline: [
    'service_planned',
    'service_information_draft',
    'service_information_received',
    'ready_for_integration',
    'integration_planned',
    'integration_in_progress',
    'service_card_review',
    'integration_completed',
  ],
  catalogue: ['service_online', 'service_not_available', 'service_full_capacity_reached'],
  offboarding: ['service_discontinued', 'service_retired'],
  withdrawn: ['application_withdrawn', 'service_offer_withdrawn'],
};
const ALL_STATES = Object.values(TAB_STATES).flat();
const SORTS = ['name', 'serviceId', 'state', 'provider', 'updatedAt', 'score'];
const SEARCHES = [
  'ceph',
  'storage',
  'jupyter',
  'nextcloud',
  'gitlab',
  'archive',
  'gpu',
  'clim',
  'data repo',
  'kube',
  'sync share',
  'slurm batch',
];

/** `count` portfolio queries as a portfolio manager would click them: tab, filters, search, sort and page. */
const listQueries = ({ count, providers, keywords, seed = 42 }) => {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const tabs = [
    'catalogue',
    'catalogue',
    'pipeline',
    'pipeline',
    'application',
    'offboarding',
    'withdrawn',
    'myCentre',
    undefined,
  ];
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    const tab = pick(tabs);
    if (tab) params.set('tab', tab);
    if (random() < 0.3) params.set('state', pick(TAB_STATES[tab] ?? ALL_STATES));
    if (providers.length && random() < 0.15) params.set('provider', pick(providers));
    if (keywords.length && random() < 0.1) params.set('keyword', pick(keywords));
    if (random() < 0.35) params.set('q', pick(SEARCHES));
    params.set('sort', pick(SORTS));
    params.set('order', random() < 0.5 ? 'asc' : 'desc');
    const r = random();
    params.set('page', String(r < 0.5 ? 1 : r < 0.85 ? 2 + Math.floor(random() * 4) : 6 + Math.floor(random() * 35)));
    params.set('pageSize', '50');
    return `/api/services?${params}`;
  });
};

const CHANGE_REQUEST_STATES = ['draft', 'handed_in', 'released', 'applied', 'withdrawn'];
const CHANGE_REQUEST_SORTS = ['updatedAt', 'createdAt', 'state', 'service'];

/** Change Request List queries: state, origin, search, sort and page, as the screen asks them. */
const changeRequestQueries = ({ count, seed = 43 }) => {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    if (random() < 0.5) params.set('state', pick(CHANGE_REQUEST_STATES));
    if (random() < 0.2) params.set('from', pick(['provider', 'integrationManager']));
    if (random() < 0.3) params.set('q', pick([...SEARCHES, 'alice', 'bob', 'SVC-00']));
    params.set('sort', pick(CHANGE_REQUEST_SORTS));
    params.set('order', random() < 0.5 ? 'asc' : 'desc');
    params.set('page', String(random() < 0.7 ? 1 : 2 + Math.floor(random() * 5)));
    params.set('pageSize', '50');
    return `/api/change-requests?${params}`;
  });
};

const RESOURCE_PACKAGE_STATES = ['submitted', 'approved', 'rejected'];
const RESOURCE_PACKAGE_SORTS = ['waiting', 'waiting', 'submittedAt', 'updatedAt', 'name', 'service', 'type', 'state'];

/** Resource Package Review List queries: state, type, search, sort and page, as the screen asks them. */
const resourcePackageQueries = ({ count, seed = 44 }) => {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    if (random() < 0.4) params.set('state', pick(RESOURCE_PACKAGE_STATES));
    if (random() < 0.2) params.set('type', pick(['generated-compute', 'generated-storage']));
    if (random() < 0.3) params.set('q', pick([...SEARCHES, 'gpu', 'small', 'alice', 'SVC-00', 'HPCN']));
    params.set('sort', pick(RESOURCE_PACKAGE_SORTS));
    params.set('order', random() < 0.7 ? 'asc' : 'desc');
    params.set('page', String(random() < 0.7 ? 1 : 2 + Math.floor(random() * 5)));
    params.set('pageSize', '50');
    return `/api/resource-packages/review-list?${params}`;
  });
};

const CONTACT_SORTS = ['lastname', 'lastname', 'firstname', 'email', 'institution', 'updatedAt'];
const CONTACT_PROPERTY_KINDS = ['platform', 'cluster', 'workingGroup', 'otherBoards', 'role', 'additionalInformation'];
// What a contact manager types: name prefixes with and without umlauts, e-mail parts, places, properties.
const CONTACT_SEARCHES = [
  'mül',
  'müller',
  'muell',
  'schä',
  'jür',
  'köh',
  'groß',
  'gross',
  'özdem',
  'anna',
  'björn k',
  'lea wei',
  'kassel',
  'münster',
  'openst',
  'nordl',
  'ag speich',
  'example',
  'h',
  's',
];

/** Contact Database queries: mostly a search, sometimes an institution or property kind, sort and page. */
const contactQueries = ({ count, institutions, seed = 45 }) => {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    if (random() < 0.8) params.set('q', pick(CONTACT_SEARCHES));
    if (institutions.length && random() < 0.2) params.set('institution', pick(institutions));
    if (random() < 0.15) params.set('propertyKind', pick(CONTACT_PROPERTY_KINDS));
    params.set('sort', pick(CONTACT_SORTS));
    params.set('order', random() < 0.7 ? 'asc' : 'desc');
    params.set('page', String(random() < 0.7 ? 1 : 2 + Math.floor(random() * 5)));
    params.set('pageSize', '50');
    return `/api/contacts?${params}`;
  });
};

/**
 * What a person waits for when they search right after a change: the change makes the list read
 * what changed (ADR 10), and the search is the first request after it. Each round changes one
 * object (`change`) and then searches; the same searches without a change are the comparison.
 */
const searchAfterChange = async ({ searchPath, change, count = 40 }) => {
  const quiet = [];
  const after = [];
  const search = async (i, page) => {
    const started = performance.now();
    await searchPath(i, page);
    return performance.now() - started;
  };
  for (let i = 0; i < count; i += 1) {
    quiet.push(await search(i, 2));
    await change(i);
    after.push(await search(i, 3));
  }
  const sorted = [...after].sort((a, b) => a - b);
  return {
    count,
    p50: median(after),
    p99: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)],
    quietP50: median(quiet),
  };
};

/** Sends a JSON write and throws unless it answers 200. */
const writeJson = async (method, url, headers, body) => {
  const answer = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}`);
  return answer.json();
};

const getJson = async (url, headers) => {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
};

/** Each process's own CPU per request: how far processes of the same server differ in this run. */
const processesNote = (label, mine, base) => {
  const list = (summary) => summary.processMicros.map((micros) => (micros ? micros.toFixed(1) : 'n/a')).join(', ');
  return `${label}: server CPU per request by process (µs): portal ${list(mine)}; bare ${list(base)}`;
};

const cpuCell = (summary) =>
  summary.cpuMicrosPerRequest ? `server CPU ${summary.cpuMicrosPerRequest.toFixed(0)} µs/req` : 'server CPU n/a';

/**
 * The ratio row of a portal row and its bare twin: CPU per request (bare ÷ portal, the steadier
 * figure; target CPU_RATIO_TARGET) and req/s (portal ÷ bare, target `rateTarget`).
 */
const ratioRow = (ctx, label, mine, base, rateTarget) => {
  const rate = mine.reqPerSec / base.reqPerSec;
  // Per round the sums over the processes of each side (mergeProcesses), then the median of the rounds.
  const cpu = cpuRatio(mine, base);
  if (cpu !== null && cpu < CPU_RATIO_TARGET)
    ctx.notes.push(
      `${label}: CPU per request bare ÷ portal = ${cpu.toFixed(2)} is below the target ${CPU_RATIO_TARGET}`,
    );
  const { rounds, roundSeconds } = settings;
  return {
    benchmark: `${label} / bare ratio`,
    figure:
      (cpu === null
        ? 'CPU per request n/a'
        : `CPU per request ${cpu.toFixed(2)} (portal ${(1 / cpu).toFixed(2)}× bare)${cpu < CPU_RATIO_TARGET ? ' (below target)' : ''}`) +
      `; req/s ${rate.toFixed(2)}${rate < rateTarget ? ' (below target)' : ''}; ` +
      `${settings.processes} process${settings.processes === 1 ? '' : 'es'} each, ${rounds}×${roundSeconds} s alternated`,
    target: `CPU ≥ ${CPU_RATIO_TARGET}; req/s ≥ ${rateTarget}`,
  };
};

/**
 * The public portfolio of `portals` (processes of one server on the same data) against bare
 * Fastify twins, one per portal and representation, that answer its bytes with its headers,
 * brotli (as browsers ask) and uncompressed, alternated; `services` names the data in the row
 * labels, `client` is 'wrk' for large answers (autocannon's parsing limits it there).
 */
const publicVsBare = async (ctx, portals, { services, client: wanted }) => {
  const { rounds, roundSeconds, warmupSeconds, connections } = settings;
  const urlOf = (portal) => `${portal.url}/api/public/services`;
  const url = urlOf(portals[0]);
  // Two representations: what a browser asks for (Accept-Encoding as Chrome and Firefox send
  // it; the label becomes the coding the portal chose) and uncompressed (no Accept-Encoding).
  const variants = [
    { key: 'browser', label: 'compressed', requestHeaders: { 'accept-encoding': 'gzip, deflate, br' } },
    { key: 'plain', label: 'uncompressed', requestHeaders: {} },
  ];
  const targets = [];
  const bares = [];
  try {
    for (const variant of variants) {
      for (const [index, portal] of portals.entries()) {
        const first = await rawGet(urlOf(portal), variant.requestHeaders);
        if (first.status !== 200) throw new Error(`GET /api/public/services answered ${first.status}`);
        if (index === 0) {
          variant.bytes = first.body.length;
          variant.encoding = first.headers.get('content-encoding') ?? 'none';
          if (variant.encoding !== 'none') variant.label = variant.encoding;
        }
        // The same bytes with the same headers (ETag, Vary, Cache-Control, security headers) from a bare Fastify.
        const bare = await startBare({
          body: first.body,
          contentType: first.headers.get('content-type') ?? 'application/json; charset=utf-8',
          routePath: '/api/public/services',
          headers: staticHeaders(first.headers),
        });
        bares.push(bare);
        targets.push(
          {
            name: `portal ${index} ${variant.key}`,
            url: urlOf(portal),
            headers: variant.requestHeaders,
            pid: portal.pid,
          },
          {
            name: `bare ${index} ${variant.key}`,
            url: `${bare.url}/api/public/services`,
            headers: variant.requestHeaders,
            pid: bare.pid,
          },
        );
      }
    }
    const plain = JSON.parse((await rawGet(url)).body.toString('utf8'));
    const etag = (await rawGet(url)).headers.get('etag');
    const revalidated = etag ? (await rawGet(url, { 'if-none-match': etag })).status : null;
    if (revalidated !== 304)
      ctx.notes.push(`public portfolio: If-None-Match answered ${revalidated ?? 'n/a (no ETag)'}, not 304`);
    // wrk, not autocannon: for answers this large autocannon's own parsing limits the rate,
    // and its latencies then measure the client (bench/README.md).
    const wrkMissing = wanted === 'wrk' ? await ensureWrk() : null;
    const client = wrkMissing ? 'autocannon' : wanted;
    if (wrkMissing) ctx.notes.push(`public portfolio measured with autocannon: ${wrkMissing}`);
    const results = await alternate(targets, {
      rounds,
      seconds: roundSeconds,
      warmupSeconds,
      connections,
      client,
      separate: true,
    });
    const rows = [];
    for (const variant of variants) {
      const side = (kind) => mergeProcesses(portals.map((_, index) => results[`${kind} ${index} ${variant.key}`]));
      const mine = side('portal');
      const base = side('bare');
      const ratio = mine.reqPerSec / base.reqPerSec;
      ctx.notes.push(
        `public portfolio (${services}) ${variant.label} rounds (req/s): portal ${mine.roundRates.map(fmtInt).join(', ')}; bare ${base.roundRates.map(fmtInt).join(', ')}`,
        processesNote(`public portfolio (${services}) ${variant.label}`, mine, base),
      );
      if (ratio < PUBLIC_RATIO_TARGET)
        ctx.notes.push(
          `public portfolio (${services}) ${variant.label} / bare = ${ratio.toFixed(2)} is below the target ${PUBLIC_RATIO_TARGET}`,
        );
      if (mine.p99 > PUBLIC_P99_TARGET_MS)
        ctx.notes.push(
          `public portfolio (${services}) ${variant.label}: p99 ${mine.p99} ms is over the target ${PUBLIC_P99_TARGET_MS} ms (bare, same bytes: ${base.p99} ms)`,
        );
      rows.push(
        {
          benchmark: `GET /api/public/services ${variant.label}, ${services} (${connections} conns, ${client})`,
          reqPerSec: fmtInt(mine.reqPerSec),
          p50: fmtMs(mine.p50),
          p99: fmtMs(mine.p99),
          errors: fmtErrors(mine),
          figure:
            `${cpuCell(mine)}; body ${fmtKB(variant.bytes)} (content-encoding ${variant.encoding}; ` +
            `${plain.current.length} current + ${plain.past.length} past services)`,
          target: `p99 ≤ ${PUBLIC_P99_TARGET_MS} ms`,
        },
        {
          benchmark: `bare Fastify, same bytes and headers (${connections} conns)`,
          reqPerSec: fmtInt(base.reqPerSec),
          p50: fmtMs(base.p50),
          p99: fmtMs(base.p99),
          errors: fmtErrors(base),
          figure: cpuCell(base),
        },
        ratioRow(ctx, `public portfolio (${services}) ${variant.label}`, mine, base, PUBLIC_RATIO_TARGET),
      );
    }
    return rows;
  } finally {
    for (const bare of bares) await bare.child.stop();
  }
};

/**
 * The portals on the demo data that the rows against a bare twin compare: the main one and
 * `settings.processes - 1` more, started when first needed and left running to the end. One
 * process's CPU per request is one draw among processes of the same code (bench/README.md, "one
 * process is one draw"), so each side is measured as several.
 */
const demoPortals = async (ctx) => {
  if (!ctx.demoPortals) {
    const portals = [ctx.portal];
    for (let index = 2; index <= settings.processes; index += 1)
      portals.push(
        await startPortal({
          name: `portal ${index}`,
          admin: ADMIN,
          webDist: settings.webDist,
          timeoutMs: settings.startTimeoutSeconds * 1000,
        }),
      );
    ctx.demoPortals = portals;
  }
  return ctx.demoPortals;
};

// ---------------------------------------------------------------------------------------------
// Scenarios, in run order. Each returns table rows.

const SCENARIOS = [
  {
    name: 'health vs bare Fastify',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, connections } = settings;
      const portals = await demoPortals(ctx);
      const bares = [];
      let results;
      try {
        const targets = [];
        for (const [index, portal] of portals.entries()) {
          // The same answer, headers included (security headers, cache-control).
          const bare = await startBare({
            body: portal.health.body,
            contentType: portal.health.contentType,
            headers: staticHeaders(portal.health.headers),
          });
          bares.push(bare);
          targets.push(
            { name: `portal ${index}`, url: `${portal.url}/api/health`, pid: portal.pid },
            { name: `bare ${index}`, url: `${bare.url}/api/health`, pid: bare.pid },
          );
        }
        results = await alternate(targets, {
          rounds,
          seconds: roundSeconds,
          warmupSeconds,
          connections,
          separate: true,
        });
      } finally {
        for (const bare of bares) await bare.child.stop();
      }
      const side = (kind) => mergeProcesses(portals.map((_, index) => results[`${kind} ${index}`]));
      const portal = side('portal');
      const bare = side('bare');
      const ratio = portal.reqPerSec / bare.reqPerSec;
      ctx.notes.push(
        `health rounds (req/s): portal ${portal.roundRates.map(fmtInt).join(', ')}; bare ${bare.roundRates.map(fmtInt).join(', ')}`,
        processesNote('health', portal, bare),
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
      return [
        loadRow(`GET /api/health (${connections} conns)`, portal, ctx.health.headerBytes),
        loadRow(`bare Fastify, same bytes (${connections} conns)`, bare, bares[0].headerBytes),
        ratioRow(ctx, 'health', portal, bare, HEALTH_RATIO_TARGET),
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
      const { times, parallelRate } = JSON.parse(await runNodeScript(['-e', code], { timeoutMs: 60_000 }));
      // The fastest run is the hash's own cost; slower ones measured the machine's other load.
      const sorted = [...times].sort((a, b) => a - b);
      const hashMs = sorted[0];
      const medianMs = median(times);

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
    name: 'small public portfolio vs bare Fastify',
    // The demo data's portfolio on the main portal: a small answer, where the portal's own per-request work shows most.
    run: async (ctx) => publicVsBare(ctx, await demoPortals(ctx), { services: 'demo data', client: 'autocannon' }),
  },
  {
    name: 'public portfolio vs bare Fastify',
    run: async (ctx) => {
      const { publicServices } = settings;
      const portals = [];
      try {
        for (let index = 1; index <= settings.processes; index += 1)
          portals.push((await startPortfolioPortal(`public portfolio portal ${index}`, publicServices)).portal);
        return await publicVsBare(ctx, portals, { services: `${publicServices} services`, client: 'wrk' });
      } finally {
        for (const portal of portals) await portal.child.stop();
      }
    },
  },
  {
    name: 'portfolio list',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, listConnections, listServices } = settings;
      const { portal } = await startPortfolioPortal('portfolio list portal', listServices);
      try {
        // paula (servicePortfolioManager) logs in through the dev IdP like a browser; the issuer
        // is the portal's public URL (PUBLIC_URL unset: http://localhost:<port>).
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'paula');
        const headers = { authorization: `Bearer ${token}` };
        const providers = (await getJson(`${portal.url}/api/institutions`, headers)).items
          .filter((i) => i.isServiceProvider)
          .map((i) => i.id);
        const keywords = (await getJson(`${portal.url}/api/keywords`, headers)).items.map((k) => k.id);
        const paths = listQueries({ count: 300, providers, keywords });
        // Every query once, one at a time: all must answer 200, and the slowest tell where time goes.
        const single = [];
        for (const queryPath of paths) {
          const started = performance.now();
          const answer = await fetch(`${portal.url}${queryPath}`, { headers, signal: AbortSignal.timeout(30_000) });
          const text = await answer.text();
          if (answer.status !== 200)
            throw new Error(`GET ${queryPath} answered ${answer.status}: ${text.slice(0, 200)}`);
          single.push({ queryPath, ms: performance.now() - started, total: JSON.parse(text).total });
        }
        let next = 0;
        const requests = [
          { method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
        ];
        const { list } = await alternate([{ name: 'list', url: portal.url, headers, requests, pid: portal.pid }], {
          rounds,
          seconds: roundSeconds,
          warmupSeconds,
          connections: listConnections,
        });
        // The same load with a query never asked before on every request: nothing a server could
        // have kept from an earlier identical request helps.
        const warm = new Set(paths);
        const coldPaths = [
          ...new Set(listQueries({ count: 30_000, providers, keywords, seed: 7 }).filter((p) => !warm.has(p))),
        ];
        let nextCold = 0;
        const coldRequests = [
          {
            method: 'GET',
            headers,
            setupRequest: (request) => ({ ...request, path: coldPaths[nextCold++ % coldPaths.length] }),
          },
        ];
        const { cold } = await alternate(
          [{ name: 'cold', url: portal.url, headers, requests: coldRequests, pid: portal.pid }],
          { rounds, seconds: roundSeconds, warmupSeconds, connections: listConnections },
        );
        if (nextCold > coldPaths.length)
          ctx.notes.push(
            `portfolio list cold: ${nextCold} requests for ${coldPaths.length} distinct queries (some hit)`,
          );
        const slowest = [...single].sort((a, b) => b.ms - a.ms).slice(0, 3);
        ctx.notes.push(
          `portfolio list, slowest queries alone: ${slowest.map((q) => `${q.ms.toFixed(0)} ms ${q.queryPath.replace('/api/services?', '')} (${q.total} hits)`).join('; ')}`,
        );
        for (const [label, summary] of [
          ['repeating queries', list],
          ['new queries', cold],
        ])
          if (summary.p99 > LIST_P99_TARGET_MS)
            ctx.notes.push(
              `portfolio list (${label}) p99 ${summary.p99} ms is over the target ${LIST_P99_TARGET_MS} ms`,
            );
        const aloneMs = median(single.map(({ ms }) => ms));
        // paula renames one service each round; the searches ask the catalogue with prefixes.
        const [renamed] = (await getJson(`${portal.url}/api/services?tab=catalogue&pageSize=1`, headers)).items;
        const words = ['stor', 'arch', 'comp', 'data', 'gpu', 'cloud', 'net', 'back'];
        const afterChange = await searchAfterChange({
          searchPath: (i, page) =>
            getJson(`${portal.url}/api/services?tab=catalogue&q=${words[i % words.length]}&page=${page}`, headers),
          change: async (i) => {
            const { version, name } = await getJson(`${portal.url}/api/services/${renamed.id}`, headers);
            await writeJson('PATCH', `${portal.url}/api/services/${renamed.id}`, headers, {
              version,
              name: `${name.replace(/ \(\d+\)$/, '')} (${i})`,
            });
          },
        });
        if (afterChange.p99 > LIST_P99_TARGET_MS)
          ctx.notes.push(
            `portfolio list, a search right after a change: p99 ${afterChange.p99.toFixed(0)} ms is over the target ${LIST_P99_TARGET_MS} ms`,
          );
        return [
          {
            benchmark: `GET /api/services, page of 50 of ${listServices} (${listConnections} conns)`,
            reqPerSec: fmtInt(list.reqPerSec),
            p50: fmtMs(list.p50),
            p99: fmtMs(list.p99),
            errors: fmtErrors(list),
            figure: `${cpuCell(list)}; ${paths.length} repeating queries as paula (tab, state, provider, keyword, q, sort, page); alone: median ${aloneMs.toFixed(1)} ms`,
            target: `p99 ≤ ${LIST_P99_TARGET_MS} ms`,
          },
          {
            benchmark: 'GET /api/services?q=…, one at a time, each right after a service change',
            p50: fmtMs(afterChange.p50),
            p99: fmtMs(afterChange.p99),
            errors: '0',
            figure: `${afterChange.count} searches, each after paula renamed a service; the same searches without a change before: p50 ${fmtMs(afterChange.quietP50)} ms`,
            target: `p99 ≤ ${LIST_P99_TARGET_MS} ms`,
          },
          {
            benchmark: `GET /api/services, every query new (${listConnections} conns)`,
            reqPerSec: fmtInt(cold.reqPerSec),
            p50: fmtMs(cold.p50),
            p99: fmtMs(cold.p99),
            errors: fmtErrors(cold),
            figure: `${cpuCell(cold)}; ${nextCold} requests, none asked before`,
            target: `p99 ≤ ${LIST_P99_TARGET_MS} ms`,
          },
        ];
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'bulk review start',
    run: async () => {
      const { listServices } = settings;
      const { portal } = await startPortfolioPortal('review portal', listServices);
      try {
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'paula');
        const headers = { authorization: `Bearer ${token}` };
        // The whole review list: every reviewable service of the catalogue without an open review.
        const before = await getJson(`${portal.url}/api/reviews?pageSize=50`, headers);
        const count = before.eligible.start;
        // The outbox as the portal manager sees it: the mails the start queues, counted before and after.
        const login = await fetch(`${portal.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        });
        const adminHeaders = { authorization: `Bearer ${(await login.json()).token}` };
        const outboxTotal = async () => (await getJson(`${portal.url}/api/mail/outbox?limit=1`, adminHeaders)).total;
        const mailsBefore = await outboxTotal();
        const started = performance.now();
        const answer = await fetch(`${portal.url}/api/reviews/bulk`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'start', filters: {}, count }),
          signal: AbortSignal.timeout(120_000),
        });
        const startMs = performance.now() - started;
        const text = await answer.text();
        if (answer.status !== 200)
          throw new Error(`POST /api/reviews/bulk answered ${answer.status}: ${text.slice(0, 200)}`);
        // The first list after it reads the reviews again; the second answers from memory.
        const mailsQueued = (await outboxTotal()) - mailsBefore;
        const reads = [];
        for (let i = 0; i < 2; i += 1) {
          const t0 = performance.now();
          await getJson(`${portal.url}/api/reviews?status=running&sort=startedAt&order=desc`, headers);
          reads.push(performance.now() - t0);
        }
        return [
          {
            benchmark: `POST /api/reviews/bulk start, ${fmtInt(count)} of ${fmtInt(listServices)} services (one request)`,
            figure: `${startMs.toFixed(0)} ms for one transaction with ${fmtInt(JSON.parse(text).count)} audit events; review list after it: ${reads.map((ms) => `${ms.toFixed(0)} ms`).join(', then ')}; mails queued in it: ${fmtInt(mailsQueued)}`,
          },
        ];
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'change request list',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, listConnections, changeRequests } = settings;
      // Enough services in the states that take change requests for the requests to spread over.
      const { portal, generated } = await startPortfolioPortal('change request portal', 2000, changeRequests);
      try {
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'paula');
        const headers = { authorization: `Bearer ${token}` };
        const paths = changeRequestQueries({ count: 300 });
        const single = [];
        for (const queryPath of paths) {
          const started = performance.now();
          const answer = await fetch(`${portal.url}${queryPath}`, { headers, signal: AbortSignal.timeout(30_000) });
          const text = await answer.text();
          if (answer.status !== 200)
            throw new Error(`GET ${queryPath} answered ${answer.status}: ${text.slice(0, 200)}`);
          single.push(performance.now() - started);
        }
        let next = 0;
        const requests = [
          { method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
        ];
        const { list } = await alternate([{ name: 'list', url: portal.url, headers, requests, pid: portal.pid }], {
          rounds,
          seconds: roundSeconds,
          warmupSeconds,
          connections: listConnections,
        });
        if (list.p99 > LIST_P99_TARGET_MS)
          ctx.notes.push(`change request list p99 ${list.p99} ms is over the target ${LIST_P99_TARGET_MS} ms`);
        const aloneMs = median(single);
        return [
          {
            benchmark: `GET /api/change-requests, page of 50 of ${generated.changeRequests} (${listConnections} conns)`,
            reqPerSec: fmtInt(list.reqPerSec),
            p50: fmtMs(list.p50),
            p99: fmtMs(list.p99),
            errors: fmtErrors(list),
            figure: `${cpuCell(list)}; ${paths.length} queries as paula (state, origin, q, sort, page); alone: median ${aloneMs.toFixed(1)} ms`,
            target: `p99 ≤ ${LIST_P99_TARGET_MS} ms`,
          },
        ];
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'dashboard',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, listConnections, listServices } = settings;
      const { portal } = await startPortfolioPortal('dashboard portal', listServices);
      try {
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'paula');
        const headers = { authorization: `Bearer ${token}` };
        const single = [];
        let answer = null;
        for (let i = 0; i < 20; i += 1) {
          const started = performance.now();
          answer = await getJson(`${portal.url}/api/dashboard`, headers);
          single.push(performance.now() - started);
        }
        const requests = [{ method: 'GET', headers, path: '/api/dashboard' }];
        const { dashboard } = await alternate(
          [{ name: 'dashboard', url: portal.url, headers, requests, pid: portal.pid }],
          { rounds, seconds: roundSeconds, warmupSeconds, connections: listConnections },
        );
        if (dashboard.p99 > DASHBOARD_P99_TARGET_MS)
          ctx.notes.push(`dashboard p99 ${dashboard.p99} ms is over the target ${DASHBOARD_P99_TARGET_MS} ms`);
        const aloneMs = median(single);
        const counted = answer.stateCounts.reduce((sum, c) => sum + c.count, 0);
        return [
          {
            benchmark: `GET /api/dashboard as paula over ${fmtInt(listServices)} services (${listConnections} conns)`,
            reqPerSec: fmtInt(dashboard.reqPerSec),
            p50: fmtMs(dashboard.p50),
            p99: fmtMs(dashboard.p99),
            errors: fmtErrors(dashboard),
            figure: `${cpuCell(dashboard)}; ${fmtInt(answer.waiting.total)} waiting, ${fmtInt(counted)} counted; alone: median ${aloneMs.toFixed(1)} ms`,
            target: `p99 ≤ ${DASHBOARD_P99_TARGET_MS} ms`,
          },
        ];
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'resource package review list',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, listConnections, resourcePackages } = settings;
      const { portal, generated } = await startPortfolioPortal('resource package portal', 2000, 0, resourcePackages);
      try {
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'rita');
        const headers = { authorization: `Bearer ${token}` };
        const paths = resourcePackageQueries({ count: 300 });
        const single = [];
        for (const queryPath of paths) {
          const started = performance.now();
          const answer = await fetch(`${portal.url}${queryPath}`, { headers, signal: AbortSignal.timeout(30_000) });
          const text = await answer.text();
          if (answer.status !== 200)
            throw new Error(`GET ${queryPath} answered ${answer.status}: ${text.slice(0, 200)}`);
          single.push(performance.now() - started);
        }
        let next = 0;
        const requests = [
          { method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
        ];
        const { list } = await alternate([{ name: 'list', url: portal.url, headers, requests, pid: portal.pid }], {
          rounds,
          seconds: roundSeconds,
          warmupSeconds,
          connections: listConnections,
        });
        if (list.p99 > LIST_P99_TARGET_MS)
          ctx.notes.push(`resource package review list p99 ${list.p99} ms is over the target ${LIST_P99_TARGET_MS} ms`);
        const aloneMs = median(single);
        return [
          {
            benchmark: `GET /api/resource-packages/review-list, page of 50 of ${generated.resourcePackages} packages (${listConnections} conns)`,
            reqPerSec: fmtInt(list.reqPerSec),
            p50: fmtMs(list.p50),
            p99: fmtMs(list.p99),
            errors: fmtErrors(list),
            figure: `${cpuCell(list)}; ${paths.length} queries as rita (state, type, q, sort, page); alone: median ${aloneMs.toFixed(1)} ms`,
            target: `p99 ≤ ${LIST_P99_TARGET_MS} ms`,
          },
        ];
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'contact search',
    run: async (ctx) => {
      const { rounds, roundSeconds, warmupSeconds, listConnections, contacts } = settings;
      const { portal, generated } = await startPortfolioPortal('contact portal', 200, 0, 0, contacts);
      try {
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'carla');
        const headers = { authorization: `Bearer ${token}` };
        const institutions = (await getJson(`${portal.url}/api/institutions`, headers)).items.map(
          (institution) => institution.id,
        );
        const paths = contactQueries({ count: 300, institutions });
        // Each query once, alone; the first builds the orders and the search index.
        const single = [];
        for (const queryPath of paths) {
          const started = performance.now();
          const answer = await fetch(`${portal.url}${queryPath}`, { headers, signal: AbortSignal.timeout(30_000) });
          const text = await answer.text();
          if (answer.status !== 200)
            throw new Error(`GET ${queryPath} answered ${answer.status}: ${text.slice(0, 200)}`);
          single.push(performance.now() - started);
        }
        let next = 0;
        const requests = [
          { method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
        ];
        const { list } = await alternate([{ name: 'list', url: portal.url, headers, requests, pid: portal.pid }], {
          rounds,
          seconds: roundSeconds,
          warmupSeconds,
          connections: listConnections,
        });
        if (list.p99 > CONTACT_SEARCH_P99_TARGET_MS)
          ctx.notes.push(`contact search p99 ${list.p99} ms is over the target ${CONTACT_SEARCH_P99_TARGET_MS} ms`);
        const aloneMs = median(single);
        // carla changes one contact's notes each round, as the edit form sends it.
        const [edited] = (await getJson(`${portal.url}/api/contacts?pageSize=1`, headers)).items;
        const words = ['m', 'sch', 'anna', 'kö', 'be', 'wei'];
        const afterChange = await searchAfterChange({
          searchPath: (i, page) =>
            getJson(
              `${portal.url}/api/contacts?q=${encodeURIComponent(words[i % words.length])}&page=${page}`,
              headers,
            ),
          change: async (i) => {
            const contact = await getJson(`${portal.url}/api/contacts/${edited.id}`, headers);
            await writeJson('PATCH', `${portal.url}/api/contacts/${edited.id}`, headers, {
              firstname: contact.firstname,
              lastname: contact.lastname,
              email: contact.email,
              emailNotPersonal: contact.emailNotPersonal,
              institutionId: contact.institutionId,
              otherInstitution: contact.otherInstitution,
              notes: `Changed in round ${i}`,
              addresses: contact.addresses.map(({ id: _id, ...address }) => address),
              properties: contact.properties.map(({ id: _id, ...property }) => property),
              version: contact.version,
            });
          },
        });
        if (afterChange.p99 > CONTACT_SEARCH_P99_TARGET_MS)
          ctx.notes.push(
            `contact search right after a change: p99 ${afterChange.p99.toFixed(0)} ms is over the target ${CONTACT_SEARCH_P99_TARGET_MS} ms`,
          );
        return [
          {
            benchmark: 'GET /api/contacts?q=…, one at a time, each right after a contact change',
            p50: fmtMs(afterChange.p50),
            p99: fmtMs(afterChange.p99),
            errors: '0',
            figure: `${afterChange.count} searches, each after carla changed a contact's notes; the same searches without a change before: p50 ${fmtMs(afterChange.quietP50)} ms`,
            target: `p99 ≤ ${CONTACT_SEARCH_P99_TARGET_MS} ms`,
          },
          {
            benchmark: `GET /api/contacts, search in ${fmtInt(generated.contacts)} contacts, page of 50 (${listConnections} conns)`,
            reqPerSec: fmtInt(list.reqPerSec),
            p50: fmtMs(list.p50),
            p99: fmtMs(list.p99),
            errors: fmtErrors(list),
            figure: `${cpuCell(list)}; ${paths.length} queries as carla (q with umlauts and prefixes, institution, property kind, sort, page); alone: median ${aloneMs.toFixed(1)} ms, first ${single[0].toFixed(0)} ms`,
            target: `p99 ≤ ${CONTACT_SEARCH_P99_TARGET_MS} ms`,
          },
        ];
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'web initial JavaScript',
    run: async (ctx) => {
      const web = webInitialJs(settings.webDist);
      const target = `≤ ${WEB_INITIAL_JS_TARGET_KB} KB`;
      if (web.missing) return [{ benchmark: 'web initial JS (gzip)', figure: web.missing, target }];
      const over = web.initialGzip / 1024 > WEB_INITIAL_JS_TARGET_KB;
      const rows = [
        {
          benchmark: 'web initial JS (gzip)',
          figure:
            `${fmtKB(web.initialGzip)} in ${web.initial.length} file${web.initial.length === 1 ? '' : 's'}` +
            `${over ? ' (over target)' : ''}; all JS ${fmtKB(web.allGzip)} in ${web.allCount}`,
          target,
        },
      ];
      // The stylesheets the shell loads first (Mantine's whole stylesheet among them, ADR 20).
      const css = webInitialCss(settings.webDist);
      rows.push(
        css.missing
          ? { benchmark: 'initial CSS (gzip)', figure: css.missing, target: 'info' }
          : {
              benchmark: 'initial CSS (gzip)',
              figure:
                `${fmtKB(css.initialGzip)} in ${css.initial.length} file${css.initial.length === 1 ? '' : 's'}; ` +
                `all CSS ${fmtKB(css.allGzip)} in ${css.allCount}`,
              target: 'info',
            },
      );
      // The public portfolio page. The old row: the shell plus the page's lazy chunk and its static
      // imports. It misses what the page imports lazily at mount (the data table), so the honest
      // row asks Chromium what a first visit loads (ADR 0023).
      const pageModule = routePageModule(PUBLIC_PORTFOLIO_ROUTE);
      const page = pageModule ? webInitialJs(settings.webDist, { pageModule }) : { missing: 'n/a (no page found)' };
      const benchmark = `${PUBLIC_PORTFOLIO_ROUTE} initial JS (gzip)`;
      if (page.missing) rows.push({ benchmark, figure: page.missing, target });
      else {
        rows.push({
          benchmark,
          figure:
            `${fmtKB(page.initialGzip)} in ${page.initial.length} files (shell + ${path.basename(pageModule)} ` +
            `${fmtKB(page.initialGzip - web.initialGzip)}; static imports only, see the next row)`,
          target: 'info',
        });
        const visitBenchmark = `${PUBLIC_PORTFOLIO_ROUTE} first visit JS (gzip)`;
        let visit = await webFirstVisitJs({
          url: ctx.portal.url,
          pagePath: PUBLIC_PORTFOLIO_ROUTE,
          ready: 'table tbody td[data-grid-row]',
          distDir: settings.webDist,
        });
        let how = 'requested by Chromium until the table shows';
        if (visit.missing) {
          // Without a browser: the manifest's guess, every lazy import of the page counted.
          const reason = visit.missing;
          visit = webPageWithDynamicJs(settings.webDist, { pageModule });
          how = `manifest: page chunk with its dynamic imports; ${reason}`;
        }
        if (visit.missing) rows.push({ benchmark: visitBenchmark, figure: visit.missing, target });
        else {
          const visitOver = visit.initialGzip / 1024 > WEB_INITIAL_JS_TARGET_KB;
          rows.push({
            benchmark: visitBenchmark,
            figure:
              `${fmtKB(visit.initialGzip)} in ${visit.initial.length} files (${how})` +
              `${visitOver ? ' (over target)' : ''}`,
            target,
          });
        }
      }
      return rows;
    },
  },
  {
    name: 'mail outbox worker',
    run: async () => {
      log('outbox worker: queueing mails on a fresh PGlite, sending them to a local SMTP server');
      const { mails, seconds } = JSON.parse(await runNodeScript(['bench/outbox-worker.mjs']));
      return [
        {
          benchmark: `outbox worker, ${fmtInt(mails)} mails to a local SMTP server`,
          reqPerSec: (mails / seconds).toFixed(0),
          figure: `mails/s: claim (FOR UPDATE SKIP LOCKED) + one SMTP delivery + mark sent per mail; ${seconds.toFixed(1)} s`,
          target: 'info',
        },
      ];
    },
  },
  {
    name: 'npm start on an existing data dir',
    run: async () => {
      // The build first, as prestart runs it: the row measures a start whose build is up to date.
      log('npm start: bringing the build up to date (scripts/build.mjs)');
      await runNodeScript(['scripts/build.mjs'], { timeoutMs: 600_000 });
      const dataDir = mkdtempSync(path.join(tmpdir(), 'nubes-bench-start-'));
      const remove = () => rmSync(dataDir, { recursive: true, force: true });
      onCleanup(async () => remove(), remove);
      // The first start creates the database (and the demo data); the timed ones open it.
      const first = await startPortal({
        name: 'npm start portal (creating its data dir)',
        webDist: settings.webDist,
        timeoutMs: settings.startTimeoutSeconds * 1000,
        env: { DATA_DIR: dataDir },
      });
      await first.child.stop();
      const times = [];
      for (let run = 1; run <= 3; run += 1) {
        times.push(await timeNpmStart({ dataDir, timeoutMs: settings.startTimeoutSeconds * 1000 }));
        log(`npm start ${run}/3: ready after ${times.at(-1).toFixed(2)} s`);
      }
      const startSeconds = median(times);
      return [
        {
          benchmark: 'npm start on an existing data dir',
          p50: fmtMs(Math.round(startSeconds * 1000)),
          figure:
            `${startSeconds.toFixed(2)} s to GET /api/health 200, median of 3 (${times.map((t) => t.toFixed(2)).join(', ')} s); build up to date` +
            (startSeconds > NPM_START_TARGET_SECONDS ? ' (over target)' : ''),
          target: `≤ ${NPM_START_TARGET_SECONDS} s`,
        },
      ];
    },
  },
  {
    // Several instances on one PostgreSQL: what a request waits for when another instance changed
    // something a second before (the list's look at the fingerprint finds it, ADR 10).
    name: 'PostgreSQL other instance',
    run: async (ctx) => {
      const database = await startPostgres();
      const title = (what) => `GET /api/${what}?q=…, PostgreSQL, each 1.1 s after another instance's change`;
      if (database.missing)
        return [
          { benchmark: title('services'), figure: database.missing },
          { benchmark: title('contacts'), figure: database.missing },
        ];
      const { listServices, contacts } = settings;
      const portal = await startPortal({
        name: 'PostgreSQL lists portal',
        webDist: settings.webDist,
        timeoutMs: settings.startTimeoutSeconds * 1000,
        env: { DATABASE_URL: database.url },
        prepare: async (env) => {
          log(`generating ${listServices} services and ${contacts} contacts on PostgreSQL`);
          await runNodeScript([GENERATOR, '--count', String(listServices), '--contacts', String(contacts)], { env });
        },
      });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const port = new URL(portal.url).port;
        const paula = { authorization: `Bearer ${await ssoLogin(`http://localhost:${port}`, 'paula')}` };
        const carla = { authorization: `Bearer ${await ssoLogin(`http://localhost:${port}`, 'carla')}` };
        const [service] = (await getJson(`${portal.url}/api/services?tab=catalogue&pageSize=1`, paula)).items;
        const [contact] = (await getJson(`${portal.url}/api/contacts?pageSize=1`, carla)).items;
        const words = ['stor', 'arch', 'comp', 'data', 'gpu', 'cloud', 'net', 'back'];
        // Another instance's write, as its commit leaves it: the row changed, its version raised.
        const otherInstance = {
          services: (i) =>
            client.query(`update services set name = $2, version = version + 1, updated_at = now() where id = $1`, [
              service.id,
              `${service.name} (elsewhere ${i})`,
            ]),
          contacts: (i) =>
            client.query(`update contacts set notes = $2, version = version + 1, updated_at = now() where id = $1`, [
              contact.id,
              `Changed elsewhere in round ${i}`,
            ]),
        };
        const measureAfterOthers = async (what, headers) => {
          const quiet = [];
          const after = [];
          const timed = async (i) => {
            const started = performance.now();
            await getJson(`${portal.url}/api/${what}?q=${words[i % words.length]}`, headers);
            return performance.now() - started;
          };
          for (let i = 0; i < 20; i += 1) {
            // Past the look's interval both times: the quiet request pays for the look alone.
            await sleep(1100);
            quiet.push(await timed(i));
            await otherInstance[what](i);
            await sleep(1100);
            after.push(await timed(i));
          }
          const sorted = [...after].sort((a, b) => a - b);
          return { count: after.length, p50: median(after), p99: sorted[sorted.length - 1], quietP50: median(quiet) };
        };
        const rows = [];
        for (const [what, headers, target] of [
          ['services', paula, LIST_P99_TARGET_MS],
          ['contacts', carla, CONTACT_SEARCH_P99_TARGET_MS],
        ]) {
          log(`PostgreSQL portal: ${what} after another instance's change`);
          const figures = await measureAfterOthers(what, headers);
          if (figures.p99 > target)
            ctx.notes.push(
              `${what} on PostgreSQL after another instance's change: p99 ${figures.p99.toFixed(0)} ms is over the target ${target} ms`,
            );
          rows.push({
            benchmark: title(what),
            p50: fmtMs(figures.p50),
            p99: fmtMs(figures.p99),
            errors: '0',
            figure: `${figures.count} searches of ${what === 'services' ? fmtInt(listServices) : fmtInt(contacts)} ${what}, each after one row changed in the database and the look's interval passed; without a change: p50 ${fmtMs(figures.quietP50)} ms`,
            target: `p99 ≤ ${target} ms`,
          });
        }
        return rows;
      } finally {
        await client.end();
        await portal.child.stop();
        await database.stop();
      }
    },
  },
  {
    name: 'PostgreSQL memory',
    run: async (ctx) => {
      const database = await startPostgres();
      if (database.missing) return [{ benchmark: 'server RSS on PostgreSQL', figure: database.missing }];
      const portal = await startPortal({
        name: 'PostgreSQL portal',
        webDist: settings.webDist,
        timeoutMs: settings.startTimeoutSeconds * 1000,
        env: { DATABASE_URL: database.url },
      });
      try {
        const { roundSeconds, connections, listConnections } = settings;
        const token = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'paula');
        const list = { authorization: `Bearer ${token}` };
        const loads = [
          { url: `${portal.url}/api/health`, connections },
          {
            url: `${portal.url}/api/public/services`,
            headers: { 'accept-encoding': 'gzip, deflate, br' },
            connections,
          },
          {
            url: `${portal.url}/api/services?tab=catalogue&sort=name&page=1&pageSize=50`,
            headers: list,
            connections: listConnections,
          },
        ];
        const errors = [];
        for (const load of loads) {
          log(`PostgreSQL portal: ${load.url.replace(portal.url, '')} for ${roundSeconds * 2} s`);
          const summary = summarize([await measure({ ...load, seconds: roundSeconds * 2 })]);
          if (summary.errors || summary.non2xx)
            errors.push(`${load.url.replace(portal.url, '')}: ${fmtErrors(summary)}`);
        }
        if (errors.length) ctx.notes.push(`PostgreSQL memory load errors: ${errors.join('; ')}`);
        const memory = processMemory(portal.pid);
        if (!memory) return [{ benchmark: 'server RSS on PostgreSQL', figure: 'n/a (no /proc)' }];
        const atStart = portal.memoryAtStart;
        return [
          {
            benchmark: 'server RSS on PostgreSQL, after load',
            figure:
              `${memory.rssMB.toFixed(0)} MB (after start ${atStart.rssMB.toFixed(0)} MB; peak ${memory.peakMB.toFixed(0)} MB)` +
              `; health, public portfolio and a portfolio list page for ${roundSeconds * 2} s each` +
              (memory.rssMB > RSS_POSTGRES_TARGET_MB ? ' (over target)' : ''),
            target: `≤ ${RSS_POSTGRES_TARGET_MB} MB`,
          },
        ];
      } finally {
        await portal.child.stop();
        await database.stop();
      }
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
          benchmark: 'server RSS after run (PGlite)',
          figure:
            `${memory.rssMB.toFixed(0)} MB` +
            (atStart ? ` (after start ${atStart.rssMB.toFixed(0)} MB; peak ${memory.peakMB.toFixed(0)} MB)` : '') +
            (memory.rssMB > RSS_PGLITE_TARGET_MB ? ' (over target)' : ''),
          target: `≤ ${RSS_PGLITE_TARGET_MB} MB`,
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
  } catch (error) {
    console.error(`bench: the servers did not start: ${error.message}`);
    await runCleanup();
    process.exit(1);
  }

  const rows = [];
  let failed = 0;
  // BENCH_ONLY=public,list runs the scenarios whose names contain one of the words (and the memory row).
  const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
  const chosen = only.length
    ? SCENARIOS.filter((s) => s.name === 'server memory' || only.some((word) => s.name.includes(word)))
    : SCENARIOS;
  for (const scenario of chosen) {
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
