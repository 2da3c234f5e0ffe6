// `npm run bench` (= npm run build && node bench/run.mjs): starts the BUILT portal on a fresh PGlite
// data dir and a bare Fastify baseline, each in its own process on loopback, runs the scenarios
// below in order and prints one table. Benchmarks print figures; nothing here asserts a time.
// The list rows run against one portal on a throwaway PostgreSQL 15 that the service generator
// fills once (postgresLists); the PGlite portfolio row has a PGlite portal of its own.
//
// Adding a row: append a scenario { name, run(ctx) => rows[] } to SCENARIOS (before the last one,
// which reads the memory "after the run"). Use measure()/alternate()/summarize() from lib.mjs for
// load and the fmt* helpers for cells; a row is { benchmark, reqPerSec, p50, p99, errors, figure,
// target }, every cell optional.
//
// Knobs (environment): BENCH_ROUNDS (5), BENCH_ROUND_SECONDS (3), BENCH_WARMUP_SECONDS (2),
// BENCH_CONNECTIONS (50), BENCH_LOGIN_CONNECTIONS (4), BENCH_LOGIN_SECONDS (10), BENCH_MAILS (1000),
// BENCH_PUBLIC_SERVICES (5000), BENCH_LIST_SERVICES (10000), BENCH_LIST_CONNECTIONS (20),
// BENCH_PGLITE_LIST_CONNECTIONS (5), BENCH_CHANGE_REQUESTS (2000), BENCH_RESOURCE_PACKAGES (5000),
// BENCH_CONTACTS (50000), BENCH_SMALL_CONTACTS (10000), BENCH_PROCESSES (2), BENCH_WEB_DIST
// (apps/web/dist), BENCH_START_TIMEOUT_SECONDS (60), BENCH_ONLY (e.g. "public,PostgreSQL").
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
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
  serverSourceLines,
  serverSourceLinesAt,
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
import { AUTH_COOKIE } from '@nubes/domain';
import { ssoLogin } from '../scripts/lib/sso-browser.mjs';
import { auditPages, LIGHTHOUSE_CATEGORIES } from './lighthouse.mjs';

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
  pgliteListConnections: num('BENCH_PGLITE_LIST_CONNECTIONS', 5),
  changeRequests: num('BENCH_CHANGE_REQUESTS', 2000),
  resourcePackages: num('BENCH_RESOURCE_PACKAGES', 5000),
  contacts: num('BENCH_CONTACTS', 50_000),
  // The memory row's second database: the same data with fewer contacts (never more than BENCH_CONTACTS).
  smallContacts: Math.min(num('BENCH_SMALL_CONTACTS', 10_000), num('BENCH_CONTACTS', 50_000)),
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
/** A portal on PostgreSQL after the list load; more contacts in the database may move it by less than the second figure. */
const RSS_POSTGRES_TARGET_MB = 200;
const RSS_CONTACTS_DIFFERENCE_TARGET_MB = 20;
/** The memory row reads a portal's RSS this long after its load too, when V8 has shrunk its heap. */
const MEMORY_SETTLE_SECONDS = 10;
/** Fresh portals per database in the memory row; its figures are their medians. */
const MEMORY_PORTALS_PER_SIDE = 3;
const WEB_INITIAL_JS_TARGET_KB = 150;
// Lighthouse's desktop audit of the public pages (docs/adr/0086-public-pages-audit.md).
const LIGHTHOUSE_TARGETS = Object.freeze({ performance: 90, accessibility: 100, seo: 95 });
const LIGHTHOUSE_PAGES = Object.freeze(['/sc/public-service-portfolio', '/login']);
const PUBLIC_RATIO_TARGET = 0.8;
const PUBLIC_P99_TARGET_MS = 20;
/** Every list row on PostgreSQL: portfolio, contacts, change requests, reviews, packages, dashboard. */
const POSTGRES_LIST_P99_TARGET_MS = 50;
const PGLITE_LIST_P99_TARGET_MS = 100;
/** Rounds of the two-instance row: a rename through one portal, then the other's search for it. */
const TWO_INSTANCE_CHANGES = 20;
/**
 * The server's source lines at commit 970b5a1 (before the lists moved from process memory to SQL),
 * counted as serverSourceLines counts them; serverSourceLinesAt counts them again when that commit
 * is in the history.
 */
const SOURCE_LINES_BASELINE = { commit: '970b5a1', lines: 21_237 };
const SOURCE_LINES_CUT_TARGET = 4000;
const PUBLIC_PORTFOLIO_ROUTE = '/sc/public-service-portfolio';
const GENERATOR = path.join(repoRoot, 'apps/server/dist/demo/generate-services-cli.js');

/** Runs the service generator with `args` on the database `env` names; answers what it printed. */
const generate = async (label, args, env) => {
  log(`generating for the ${label}: ${args.join(' ')}`);
  const generated = JSON.parse(await runNodeScript([GENERATOR, ...args], { env, timeoutMs: 1_200_000 }));
  log(`generated ${generated.generated} services in ${generated.generateSeconds.toFixed(1)} s`);
  return generated;
};

/**
 * Another portal on a fresh PGlite database that holds the demo data and `count` generated services
 * (apps/server/src/demo/generate-services.ts, written before the start: PGlite allows one process
 * per data dir). Stopped by the scenario that started it.
 */
const startPortfolioPortal = (name, count) =>
  startPortal({
    name,
    webDist: settings.webDist,
    timeoutMs: settings.startTimeoutSeconds * 1000,
    prepare: async (env) => {
      await generate(name, ['--count', String(count)], env);
    },
  });

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

/**
 * `count` portfolio queries as a portfolio manager would click them: tab, filters, search, sort and
 * page; with `search`, every query searches.
 */
const listQueries = ({ count, providers, keywords, search = false, seed = 42 }) => {
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
    if (search || random() < 0.35) params.set('q', pick(SEARCHES));
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

// The review list's tabs and the reviewable states in each (packages/domain/src/reviews/).
const REVIEW_TAB_STATES = {
  pipeline: ['service_information_draft', 'integration_planned', 'integration_in_progress'],
  catalogue: ['service_online'],
};
const REVIEW_STATUSES = ['inactive', 'running', 'editRequired', 'finishedOK'];
const REVIEW_SORTS = ['name', 'serviceId', 'state', 'provider', 'status', 'startedAt'];

/** Review list queries: tab, state, provider, review status, sort and page, as the screen asks them (it has no search). */
const reviewQueries = ({ count, providers, seed = 46 }) => {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    const tab = pick(['pipeline', 'catalogue', 'catalogue', undefined]);
    if (tab) params.set('tab', tab);
    if (random() < 0.3) params.set('state', pick(REVIEW_TAB_STATES[tab] ?? Object.values(REVIEW_TAB_STATES).flat()));
    if (providers.length && random() < 0.15) params.set('provider', pick(providers));
    if (random() < 0.3) params.set('status', pick(REVIEW_STATUSES));
    params.set('sort', pick(REVIEW_SORTS));
    params.set('order', random() < 0.5 ? 'asc' : 'desc');
    params.set('page', String(random() < 0.7 ? 1 : 2 + Math.floor(random() * 5)));
    params.set('pageSize', '50');
    return `/api/reviews?${params}`;
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

/**
 * Contact Database queries: mostly a search (with `search`, always), sometimes an institution or
 * property kind, sort and page.
 */
const contactQueries = ({ count, institutions, search = false, seed = 45 }) => {
  const random = seeded(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  return Array.from({ length: count }, () => {
    const params = new URLSearchParams();
    if (search || random() < 0.8) params.set('q', pick(CONTACT_SEARCHES));
    if (institutions.length && random() < 0.2) params.set('institution', pick(institutions));
    if (random() < 0.15) params.set('propertyKind', pick(CONTACT_PROPERTY_KINDS));
    params.set('sort', pick(CONTACT_SORTS));
    params.set('order', random() < 0.7 ? 'asc' : 'desc');
    params.set('page', String(random() < 0.7 ? 1 : 2 + Math.floor(random() * 5)));
    params.set('pageSize', '50');
    return `/api/contacts?${params}`;
  });
};

/** Sends a JSON write and throws unless it answers 200. */
const writeJson = async (method, url, headers, body) => {
  const answer = await fetch(url, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status}: ${await answer.text()}`);
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
// The lists: their queries for one portal's data, a list row and the portals they run against.

/** Who asks each list: the person whose screen it is (the demo logins, apps/server/src/demo/people.ts). */
const LIST_USERS = {
  services: 'paula',
  contacts: 'carla',
  changeRequests: 'paula',
  reviews: 'paula',
  resourcePackages: 'rita',
  dashboard: 'paula',
};

/** Logs the people of LIST_USERS in through the portal's dev IdP, like a browser; answers their headers. */
const loginAll = async (portal) => {
  const issuer = `http://localhost:${new URL(portal.url).port}`;
  const headers = {};
  for (const who of new Set(Object.values(LIST_USERS)))
    headers[who] = { authorization: `Bearer ${await ssoLogin(issuer, who)}` };
  return headers;
};

/** 300 portfolio queries as paula, each with a search, over the providers and keywords of the portal's data. */
const portfolioPaths = async (portal, headers) => {
  const providers = (await getJson(`${portal.url}/api/institutions`, headers.paula)).items
    .filter((institution) => institution.isServiceProvider)
    .map((institution) => institution.id);
  const keywords = (await getJson(`${portal.url}/api/keywords`, headers.paula)).items.map((keyword) => keyword.id);
  return listQueries({ count: 300, providers, keywords, search: true });
};

/** Every list's query paths for one portal (the ids in them are its database's), keyed as LIST_USERS. */
const listPaths = async (portal, headers) => {
  const institutions = (await getJson(`${portal.url}/api/institutions`, headers.carla)).items;
  const providers = institutions.filter((institution) => institution.isServiceProvider).map(({ id }) => id);
  return {
    services: await portfolioPaths(portal, headers),
    contacts: contactQueries({ count: 300, institutions: institutions.map(({ id }) => id), search: true }),
    changeRequests: changeRequestQueries({ count: 300 }),
    reviews: reviewQueries({ count: 300, providers }),
    resourcePackages: resourcePackageQueries({ count: 300 }),
    dashboard: Array.from({ length: 20 }, () => '/api/dashboard'),
  };
};

/** autocannon's requests that ask `paths` in turn, one per request. */
const pathRequests = (headers, paths) => {
  let next = 0;
  return [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }];
};

/**
 * One list under load: every path once alone first (each must answer 200; the median goes into the
 * figure and the three slowest into a note), then BENCH_ROUNDS rounds of BENCH_ROUND_SECONDS at
 * `connections`, every request the next path. Answers the table row.
 */
const listRow = async (ctx, { portal, headers, paths, connections, target, benchmark, queries, label }) => {
  const { rounds, roundSeconds, warmupSeconds } = settings;
  const single = [];
  for (const queryPath of paths) {
    // Asked once before it is timed: the first request of a row paid for the route's first run in
    // the portal and the tables' first reads in PostgreSQL's connections, which made the row's first
    // query look like its slowest shape.
    for (const timed of [false, true]) {
      const started = performance.now();
      const answer = await fetch(`${portal.url}${queryPath}`, { headers, signal: AbortSignal.timeout(30_000) });
      const text = await answer.text();
      if (answer.status !== 200) throw new Error(`GET ${queryPath} answered ${answer.status}: ${text.slice(0, 200)}`);
      if (timed) single.push({ queryPath, ms: performance.now() - started });
    }
  }
  const { list } = await alternate(
    [{ name: 'list', url: portal.url, headers, requests: pathRequests(headers, paths), pid: portal.pid }],
    { rounds, seconds: roundSeconds, warmupSeconds, connections },
  );
  if (new Set(paths).size > 1) {
    const slowest = [...single].sort((a, b) => b.ms - a.ms).slice(0, 3);
    ctx.notes.push(
      `${label}, slowest queries alone: ${slowest.map((q) => `${q.ms.toFixed(0)} ms ${q.queryPath}`).join('; ')}`,
    );
  }
  if (list.p99 > target) ctx.notes.push(`${label}: p99 ${list.p99} ms is over the target ${target} ms`);
  return {
    benchmark,
    reqPerSec: fmtInt(list.reqPerSec),
    p50: fmtMs(list.p50),
    p99: fmtMs(list.p99),
    errors: fmtErrors(list),
    figure: `${cpuCell(list)}; ${queries}; alone: median ${median(single.map(({ ms }) => ms)).toFixed(1)} ms`,
    target: `p99 ≤ ${target} ms`,
  };
};

/** The generator's arguments for the PostgreSQL lists' data with `contacts` contacts. */
const postgresGeneratorArgs = (contacts) =>
  [
    ['--count', settings.listServices],
    ['--change-requests', settings.changeRequests],
    ['--resource-packages', settings.resourcePackages],
    ['--contacts', contacts],
  ].flatMap(([flag, value]) => [flag, String(value)]);

/**
 * The PostgreSQL list rows' portal, started when first needed: a throwaway PostgreSQL 15 that the
 * generator fills once (BENCH_LIST_SERVICES services, BENCH_CHANGE_REQUESTS change requests,
 * BENCH_RESOURCE_PACKAGES packages, BENCH_CONTACTS contacts), one portal on it with the lists'
 * people logged in, and every list's queries. The memory row, the last PostgreSQL scenario, stops
 * the portal; the cleanup stops PostgreSQL. Answers { missing } without PostgreSQL.
 */
const postgresLists = (ctx) =>
  (ctx.postgres ??= (async () => {
    const database = await startPostgres();
    if (database.missing) return { missing: database.missing };
    let generated;
    const portal = await startPortal({
      name: 'PostgreSQL portal A',
      webDist: settings.webDist,
      timeoutMs: settings.startTimeoutSeconds * 1000,
      env: { DATABASE_URL: database.url },
      prepare: async (env) => {
        generated = await generate('PostgreSQL lists', postgresGeneratorArgs(settings.contacts), env);
      },
    });
    const headers = await loginAll(portal);
    return { database, portal, generated, headers, paths: await listPaths(portal, headers) };
  })());

/** A list row on the PostgreSQL portal; `title(generated)` names it, the generator's counts or null. */
const postgresListScenario = ({ name, list, title, queries }) => ({
  name,
  run: async (ctx) => {
    const lists = await postgresLists(ctx);
    if (lists.missing) return [{ benchmark: title(null), figure: lists.missing }];
    const user = LIST_USERS[list];
    return [
      await listRow(ctx, {
        portal: lists.portal,
        headers: lists.headers[user],
        paths: lists.paths[list],
        connections: settings.listConnections,
        target: POSTGRES_LIST_P99_TARGET_MS,
        benchmark: title(lists.generated),
        queries: `${lists.paths[list].length} queries as ${user} (${queries})`,
        label: name,
      }),
    ];
  },
});

/**
 * The PGlite portfolio row's portal, started when first needed: a fresh PGlite with
 * BENCH_LIST_SERVICES generated services and paula logged in. The bulk review start uses it after
 * the list row and stops it.
 */
const pglitePortfolio = (ctx) =>
  (ctx.pglite ??= (async () => {
    const portal = await startPortfolioPortal('PGlite portfolio portal', settings.listServices);
    const headers = await loginAll(portal);
    return { portal, headers, paths: await portfolioPaths(portal, headers) };
  })());

/** A few lowercase letters: a word no generated service has, for the two-instance row's renames. */
const randomWord = (length = 10) =>
  Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

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
    name: 'API token check vs session cookie',
    run: async () => {
      const { rounds, roundSeconds, warmupSeconds, listConnections: connections } = settings;
      // A portal of its own whose token limit does not answer 429 under load: the row measures the
      // check (docs/adr/0113-personal-api-tokens.md), not the limit.
      const portal = await startPortal({
        name: 'token portal',
        admin: ADMIN,
        webDist: settings.webDist,
        timeoutMs: settings.startTimeoutSeconds * 1000,
        env: { API_TOKEN_RATE_LIMIT: '1000000000' },
      });
      try {
        const session = await ssoLogin(`http://localhost:${new URL(portal.url).port}`, 'alice');
        const created = await fetch(`${portal.url}/api/me/api-tokens`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${session}`,
            'content-type': 'application/json',
            'x-requested-with': 'nubes',
          },
          body: JSON.stringify({ name: 'bench', scopes: ['services:read'], expiresInDays: 1 }),
          signal: AbortSignal.timeout(30_000),
        });
        if (created.status !== 201) throw new Error(`POST /api/me/api-tokens answered ${created.status}`);
        const { token } = await created.json();
        const url = `${portal.url}/api/services/mine`;
        const ways = {
          token: { label: 'API token (Bearer)', headers: { authorization: `Bearer ${token}` } },
          cookie: { label: 'session cookie', headers: { cookie: `${AUTH_COOKIE}=${session}` } },
        };
        // Both answer the same list, or the row would compare different work.
        const answers = await Promise.all(Object.values(ways).map(({ headers }) => getJson(url, headers)));
        if (JSON.stringify(answers[0]) !== JSON.stringify(answers[1]))
          throw new Error('GET /api/services/mine answered differently by token and by cookie');
        // Both on one process: processes of the same code differ in CPU per request (README, "one process is one draw").
        const results = await alternate(
          Object.entries(ways).map(([name, { headers }]) => ({ name, url, headers, pid: portal.pid })),
          { rounds, seconds: roundSeconds, warmupSeconds, connections, separate: true },
        );
        const rows = Object.entries(ways).map(([name, { label }]) => ({
          benchmark: `GET /api/services/mine as alice, ${label} (${connections} conns)`,
          reqPerSec: fmtInt(results[name].reqPerSec),
          p50: fmtMs(results[name].p50),
          p99: fmtMs(results[name].p99),
          errors: fmtErrors(results[name]),
          figure: `${cpuCell(results[name])}; ${answers[0].items.length} services`,
        }));
        const { token: byToken, cookie: byCookie } = results;
        const extra =
          byToken.cpuRounds.length > 0 && byCookie.cpuRounds.length > 0
            ? median(byToken.cpuRounds.map((micros, round) => micros - byCookie.cpuRounds[round]))
            : null;
        rows.push({
          benchmark: 'token check: API token − session cookie',
          figure:
            extra === null
              ? 'server CPU n/a'
              : `${extra >= 0 ? '+' : ''}${extra.toFixed(0)} µs server CPU per request (median of the rounds' differences; ` +
                `token ${(byToken.cpuMicrosPerRequest / byCookie.cpuMicrosPerRequest).toFixed(2)}× cookie), ` +
                `${rounds}×${roundSeconds} s alternated`,
          target: 'info',
        });
        return rows;
      } finally {
        await portal.child.stop();
      }
    },
  },
  {
    name: 'login and its password hash',
    run: async (ctx) => {
      const url = `${ctx.portal.url}/api/login`;
      const request = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'nubes' },
        body: JSON.stringify(ADMIN),
      };

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
          portals.push(await startPortfolioPortal(`public portfolio portal ${index}`, publicServices));
        return await publicVsBare(ctx, portals, { services: `${publicServices} services`, client: 'wrk' });
      } finally {
        for (const portal of portals) await portal.child.stop();
      }
    },
  },
  {
    name: 'portfolio list, PGlite',
    run: async (ctx) => {
      const { listServices, pgliteListConnections } = settings;
      const { portal, headers, paths } = await pglitePortfolio(ctx);
      return [
        await listRow(ctx, {
          portal,
          headers: headers.paula,
          paths,
          connections: pgliteListConnections,
          target: PGLITE_LIST_P99_TARGET_MS,
          benchmark: `GET /api/services?q=…, page of 50 of ${fmtInt(listServices)} services, PGlite (${pgliteListConnections} conns)`,
          queries: `${paths.length} queries as paula (tab, state, provider, keyword, sort, page; q on every one)`,
          label: 'portfolio list, PGlite',
        }),
      ];
    },
  },
  {
    // On the PGlite portfolio row's portal, after that row: the start changes every reviewable service.
    name: 'bulk review start',
    run: async (ctx) => {
      const { listServices } = settings;
      const { portal, headers: people } = await pglitePortfolio(ctx);
      try {
        const headers = people.paula;
        // The whole review list: every reviewable service of the catalogue without an open review.
        const before = await getJson(`${portal.url}/api/reviews?pageSize=50`, headers);
        const count = before.eligible.start;
        // The outbox as the portal manager sees it: the mails the start queues, counted before and after.
        const login = await fetch(`${portal.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'nubes' },
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
        // The review list after it, twice: what the next screen waits for.
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
        ctx.pglite = null;
      }
    },
  },
  postgresListScenario({
    name: 'portfolio list, PostgreSQL',
    list: 'services',
    title: (generated) =>
      `GET /api/services?q=…, page of 50 of ${fmtInt(generated?.generated ?? settings.listServices)} services, PostgreSQL (${settings.listConnections} conns)`,
    queries: 'tab, state, provider, keyword, sort, page; q on every one',
  }),
  postgresListScenario({
    name: 'contact search, PostgreSQL',
    list: 'contacts',
    title: (generated) =>
      `GET /api/contacts?q=…, page of 50 of ${fmtInt(generated?.contacts ?? settings.contacts)} contacts, PostgreSQL (${settings.listConnections} conns)`,
    queries: 'q with umlauts and prefixes on every one, institution, property kind, sort, page',
  }),
  postgresListScenario({
    name: 'change request list, PostgreSQL',
    list: 'changeRequests',
    title: (generated) =>
      `GET /api/change-requests, page of 50 of ${fmtInt(generated?.changeRequests ?? settings.changeRequests)}, PostgreSQL (${settings.listConnections} conns)`,
    queries: 'state, origin, q, sort, page',
  }),
  postgresListScenario({
    name: 'review list, PostgreSQL',
    list: 'reviews',
    title: (generated) =>
      `GET /api/reviews, page of 50 of ${fmtInt(generated?.generated ?? settings.listServices)} services, PostgreSQL (${settings.listConnections} conns)`,
    queries: 'tab, state, provider, status, sort, page',
  }),
  postgresListScenario({
    name: 'resource package review list, PostgreSQL',
    list: 'resourcePackages',
    title: (generated) =>
      `GET /api/resource-packages/review-list, page of 50 of ${fmtInt(generated?.resourcePackages ?? settings.resourcePackages)} packages, PostgreSQL (${settings.listConnections} conns)`,
    queries: 'state, type, q, sort, page',
  }),
  postgresListScenario({
    name: 'dashboard, PostgreSQL',
    list: 'dashboard',
    title: (generated) =>
      `GET /api/dashboard over ${fmtInt(generated?.generated ?? settings.listServices)} services, PostgreSQL (${settings.listConnections} conns)`,
    queries: 'the same request every time',
  }),
  {
    // The whole catalogue in the EOSC profile, as a harvester walks it: the first pages of 200, no login.
    name: 'EOSC export page, PostgreSQL',
    run: async (ctx) => {
      const lists = await postgresLists(ctx);
      const benchmark = `GET /api/public/eosc/services, pages of 200 of ${fmtInt(lists.generated?.generated ?? settings.listServices)} services, PostgreSQL (${settings.listConnections} conns)`;
      if (lists.missing) return [{ benchmark, figure: lists.missing }];
      const paths = [];
      let cursor = null;
      while (paths.length < 5) {
        const queryPath = `/api/public/eosc/services?limit=200${cursor ? `&cursor=${cursor}` : ''}`;
        paths.push(queryPath);
        cursor = (await getJson(`${lists.portal.url}${queryPath}`, {})).nextCursor;
        if (!cursor) break;
      }
      return [
        await listRow(ctx, {
          portal: lists.portal,
          headers: {},
          paths,
          connections: settings.listConnections,
          target: POSTGRES_LIST_P99_TARGET_MS,
          benchmark,
          queries: `the first ${paths.length} pages, no login`,
          label: 'EOSC export page, PostgreSQL',
        }),
      ];
    },
  },
  {
    // Two portal processes on one PostgreSQL: what one changed, the other's next list shows.
    name: 'two instances, PostgreSQL',
    run: async (ctx) => {
      const benchmark = `service renamed through portal A, then B's search for the new name, PostgreSQL (${TWO_INSTANCE_CHANGES}×)`;
      const lists = await postgresLists(ctx);
      if (lists.missing) return [{ benchmark, figure: lists.missing }];
      const a = lists.portal;
      const b = await startPortal({
        name: 'PostgreSQL portal B',
        webDist: settings.webDist,
        timeoutMs: settings.startTimeoutSeconds * 1000,
        env: { DATABASE_URL: lists.database.url },
      });
      try {
        // paula's token from A: both portals read the token key from the database.
        const paula = lists.headers.paula;
        // A service with a change request handed in takes no direct edit (409): the first that takes a rename.
        const candidates = (await getJson(`${a.url}/api/services?tab=catalogue&pageSize=50`, paula)).items;
        let service;
        for (const candidate of candidates) {
          const { version, name } = await getJson(`${a.url}/api/services/${candidate.id}`, paula);
          const probe = await fetch(`${a.url}/api/services/${candidate.id}`, {
            method: 'PATCH',
            headers: { ...paula, 'content-type': 'application/json' },
            body: JSON.stringify({ version, name: `${name} renamedprobe` }),
            signal: AbortSignal.timeout(30_000),
          });
          if (probe.ok) {
            service = candidate;
            break;
          }
        }
        if (!service) throw new Error('no catalogue service among the first 50 takes a rename');
        const reads = [];
        let found = 0;
        for (let i = 0; i < TWO_INSTANCE_CHANGES; i += 1) {
          const word = `renamed${randomWord()}`;
          const { version, name } = await getJson(`${a.url}/api/services/${service.id}`, paula);
          const renamed = `${name.replace(/ renamed[a-z]+$/, '')} ${word}`;
          await writeJson('PATCH', `${a.url}/api/services/${service.id}`, paula, { version, name: renamed });
          // At once: no wait between A's answer and B's request.
          const started = performance.now();
          const answer = await getJson(`${b.url}/api/services?q=${word}&pageSize=50`, paula);
          reads.push(performance.now() - started);
          if (answer.items.some((item) => item.id === service.id && item.name === renamed)) found += 1;
        }
        if (found < TWO_INSTANCE_CHANGES)
          ctx.notes.push(
            `two instances: ${TWO_INSTANCE_CHANGES - found} of B's first searches after a rename on A missed it`,
          );
        const sorted = [...reads].sort((x, y) => x - y);
        return [
          {
            benchmark,
            p50: fmtMs(median(reads)),
            p99: fmtMs(sorted.at(-1)),
            errors: '0',
            figure: `${found} of ${TWO_INSTANCE_CHANGES} first reads on B contained the new name${found < TWO_INSTANCE_CHANGES ? ' (below target)' : ''}; p99 column: the slowest of B's searches`,
            target: `all ${TWO_INSTANCE_CHANGES}`,
          },
        ];
      } finally {
        await b.child.stop();
      }
    },
  },
  {
    // The last PostgreSQL scenario: it stops the list rows' portal and starts fresh ones in turns, on
    // the lists' database and on a second one with fewer contacts, and gives each the same load.
    name: 'PostgreSQL memory',
    run: async (ctx) => {
      const { listServices, contacts, smallContacts, listConnections, roundSeconds } = settings;
      const title = (count) =>
        `server RSS on PostgreSQL after the list load, ${fmtInt(listServices)} services, ${fmtInt(count)} contacts`;
      const lists = await postgresLists(ctx);
      if (lists.missing)
        return [
          { benchmark: title(smallContacts), figure: lists.missing },
          { benchmark: title(contacts), figure: lists.missing },
        ];
      await lists.portal.child.stop();
      const sides = [
        { contacts: smallContacts, url: await lists.database.createDatabase('nubes_small'), readings: [] },
        { contacts, url: lists.database.url, readings: [] },
      ];
      let smallGenerated = false;
      const errors = [];
      // One portal's reading is one draw of where its last collections left its heaps (ADR 0129,
      // 0133): MEMORY_PORTALS_PER_SIDE fresh portals per database, the databases in turns.
      for (let turn = 1; turn <= MEMORY_PORTALS_PER_SIDE; turn += 1) {
        for (const side of sides) {
          const portal = await startPortal({
            name: `PostgreSQL portal, ${fmtInt(side.contacts)} contacts (${turn})`,
            webDist: settings.webDist,
            timeoutMs: settings.startTimeoutSeconds * 1000,
            env: { DATABASE_URL: side.url },
            prepare: async (env) => {
              if (side !== sides[0] || smallGenerated) return;
              await generate('PostgreSQL memory row', postgresGeneratorArgs(smallContacts), env);
              smallGenerated = true;
            },
          });
          try {
            // Each portal logs its people in itself, as every portal a person runs does: the logins
            // run the dev IdP, whose code and garbage a portal that skipped them would not hold.
            const headers = await loginAll(portal);
            const paths = await listPaths(portal, headers);
            for (const [list, user] of Object.entries(LIST_USERS)) {
              log(`${portal.child.name}: ${list} for ${roundSeconds * 2} s`);
              const summary = summarize([
                await measure({
                  url: portal.url,
                  requests: pathRequests(headers[user], paths[list]),
                  connections: listConnections,
                  seconds: roundSeconds * 2,
                }),
              ]);
              if (summary.errors || summary.non2xx) errors.push(`${portal.child.name}, ${list}: ${fmtErrors(summary)}`);
            }
            // Read at the same moments of each portal's own load: at its end, and after the same idle pause.
            const atEnd = processMemory(portal.pid);
            await sleep(MEMORY_SETTLE_SECONDS * 1000);
            const settled = processMemory(portal.pid);
            side.readings.push(
              atEnd && settled && portal.memoryAtStart
                ? { ...settled, atEndMB: atEnd.rssMB, startMB: portal.memoryAtStart.rssMB }
                : null,
            );
          } finally {
            await portal.child.stop();
          }
        }
      }
      if (errors.length) ctx.notes.push(`PostgreSQL memory load errors: ${errors.join('; ')}`);
      if (sides.some((side) => side.readings.includes(null)))
        return sides.map((side) => ({ benchmark: title(side.contacts), figure: 'n/a (no /proc)' }));
      const mb = (values) => values.map((value) => value.toFixed(0)).join(', ');
      const of = (side, key) => side.readings.map((reading) => reading[key]);
      // The pairs of one turn, started one after the other, are what compares.
      const difference = median(of(sides[1], 'rssMB').map((rss, turn) => rss - sides[0].readings[turn].rssMB));
      const apart = Math.abs(difference) >= RSS_CONTACTS_DIFFERENCE_TARGET_MB;
      if (apart)
        ctx.notes.push(
          `PostgreSQL memory: ${fmtInt(contacts)} contacts take ${difference.toFixed(0)} MB more RSS than ${fmtInt(smallContacts)} (median of the turns' differences; target: less than ${RSS_CONTACTS_DIFFERENCE_TARGET_MB} MB)`,
        );
      return sides.map((side, index) => {
        const rss = median(of(side, 'rssMB'));
        return {
          benchmark: title(side.contacts),
          figure:
            `${rss.toFixed(0)} MB ${MEMORY_SETTLE_SECONDS} s after the load, median of ${MEMORY_PORTALS_PER_SIDE} portals (${mb(of(side, 'rssMB'))}; ` +
            `at its end ${mb(of(side, 'atEndMB'))}; after start ${mb(of(side, 'startMB'))}; peak ${mb(of(side, 'peakMB'))} MB)` +
            (rss > RSS_POSTGRES_TARGET_MB ? ' (over target)' : '') +
            (index === 0
              ? `; every list's queries for ${roundSeconds * 2} s each at ${listConnections} conns`
              : `; ${difference.toFixed(0)} MB more than with ${fmtInt(smallContacts)} contacts, median of the turns' differences` +
                (apart ? ' (over target)' : '')),
          target:
            index === 0
              ? `≤ ${RSS_POSTGRES_TARGET_MB} MB`
              : `≤ ${RSS_POSTGRES_TARGET_MB} MB; < ${RSS_CONTACTS_DIFFERENCE_TARGET_MB} MB apart`,
        };
      });
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
    name: 'Lighthouse audit of the public pages',
    run: async (ctx) => {
      log(`lighthouse: ${LIGHTHOUSE_PAGES.join(', ')} (desktop preset, Debian's Chromium)`);
      const target = Object.entries(LIGHTHOUSE_TARGETS)
        .map(([category, score]) => `${category} ≥ ${score}`)
        .join('; ');
      const audit = await auditPages(LIGHTHOUSE_PAGES.map((page) => `${ctx.portal.url}${page}`));
      if (audit.missing)
        return LIGHTHOUSE_PAGES.map((page) => ({ benchmark: `Lighthouse ${page}`, figure: audit.missing, target }));
      return audit.pages.map(({ url, scores, cls, unusedCssBytes, failed }) => {
        const below = Object.entries(LIGHTHOUSE_TARGETS).filter(([category, score]) => scores[category] < score);
        return {
          benchmark: `Lighthouse ${new URL(url).pathname} (desktop)`,
          figure:
            LIGHTHOUSE_CATEGORIES.map((category) => `${category} ${scores[category]}`).join(', ') +
            `; CLS ${cls === null ? 'n/a' : cls.toFixed(3)}, unused CSS ${fmtKB(unusedCssBytes)}` +
            (failed.length > 0 ? `; failed: ${failed.join(', ')}` : '') +
            (below.length > 0 ? ` (under target: ${below.map(([category]) => category).join(', ')})` : ''),
          target,
        };
      });
    },
  },
  {
    name: 'mail outbox worker',
    run: async () => {
      log('outbox worker: queueing mails on a fresh PGlite, sending them to a local SMTP server, then killing workers');
      const { mails, seconds, crashes, resendsPerCrash } = JSON.parse(await runNodeScript(['bench/outbox-worker.mjs']));
      return [
        {
          benchmark: `outbox worker, ${fmtInt(mails)} mails to a local SMTP server`,
          reqPerSec: (mails / seconds).toFixed(0),
          figure: `mails/s: claim (FOR UPDATE SKIP LOCKED) + one SMTP delivery + mark sent per mail; ${seconds.toFixed(1)} s`,
          target: 'info',
        },
        {
          benchmark: `outbox worker, resends per crash (${crashes} SIGKILLs while sending)`,
          figure: `${resendsPerCrash.toFixed(1)} mails arrived twice per kill (same Message-ID)`,
          target: 'info',
        },
      ];
    },
  },
  {
    // On the PGlite portfolio row's portal: its generated services' events, read as a provider and as paula.
    name: 'events: feed pages',
    run: async (ctx) => {
      const { portal, headers: people } = await pglitePortfolio(ctx);
      const issuer = `http://localhost:${new URL(portal.url).port}`;
      const readers = { paula: people.paula, alice: { authorization: `Bearer ${await ssoLogin(issuer, 'alice')}` } };
      const rows = [];
      for (const [who, headers] of Object.entries(readers)) {
        // The whole feed page by page, from its start again whenever it ends, for the round's seconds.
        let pages = 0;
        let events = 0;
        let cursor = '';
        const began = performance.now();
        while (performance.now() - began < settings.roundSeconds * 1000 * 2) {
          const page = await getJson(`${portal.url}/api/events?limit=100${cursor ? `&after=${cursor}` : ''}`, headers);
          pages += 1;
          events += page.items.length;
          cursor = page.nextCursor === cursor ? '' : page.nextCursor;
        }
        const seconds = (performance.now() - began) / 1000;
        rows.push({
          benchmark: `event feed as ${who}, GET /api/events?limit=100, PGlite, ${fmtInt(settings.listServices)} services`,
          reqPerSec: (pages / seconds).toFixed(0),
          figure: `pages/s, one client in a row; ${fmtInt(events / seconds)} events/s (the events ${who} may see)`,
          target: 'info',
        });
      }
      return rows;
    },
  },
  {
    name: 'events: webhook deliveries',
    run: async () => {
      log(
        'webhook worker: queueing the demo data’s feed events for five endpoints on a fresh PGlite, delivering to a local receiver',
      );
      const { deliveries, events, endpoints, seconds } = JSON.parse(await runNodeScript(['bench/webhook-worker.mjs']));
      return [
        {
          benchmark: `webhook worker, ${fmtInt(events)} events × ${endpoints} endpoints to a local receiver`,
          reqPerSec: (deliveries / seconds).toFixed(0),
          figure: `deliveries/s: claim + try mark + the event read and signed + one POST + mark per delivery; ${fmtInt(deliveries)} in ${seconds.toFixed(1)} s`,
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
    name: 'server source lines',
    run: async () => {
      const now = serverSourceLines();
      const at = serverSourceLinesAt(SOURCE_LINES_BASELINE.commit);
      const baseline = at?.lines ?? SOURCE_LINES_BASELINE.lines;
      const fewer = baseline - now.lines;
      return [
        {
          benchmark: 'server source lines (apps/server/src/**/*.ts, no tests, demo/ or test/)',
          figure:
            `${fmtInt(now.lines)} lines in ${now.files} files; at ${SOURCE_LINES_BASELINE.commit} ${fmtInt(baseline)}` +
            ` (${at ? 'counted with git' : 'the recorded figure: that commit is not in the history'}); ` +
            (fewer >= 0 ? `${fmtInt(fewer)} fewer` : `${fmtInt(-fewer)} more`) +
            (fewer < SOURCE_LINES_CUT_TARGET ? ' (below target)' : ''),
          target: `≥ ${fmtInt(SOURCE_LINES_CUT_TARGET)} fewer than at ${SOURCE_LINES_BASELINE.commit}`,
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
