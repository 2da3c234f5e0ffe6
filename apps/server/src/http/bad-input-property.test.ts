import { CATALOGUE_STATES, can, isPermission, SCHEDULED_JOBS, SERVICE_FIELDS, type Role } from '@nubes/domain';
import { inArray, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiTokens,
  auditEvents,
  changeRequests,
  contactRelations,
  downtimes,
  entitlementRoleMappings,
  institutions,
  mailOutbox,
  resourcePackages,
  resourceTypes,
  savedViews,
  serviceAdmins,
  serviceDocuments,
  serviceRoleChanges,
  services,
  sessions,
  users,
  voNamePrefixes,
  vos,
  webhookDeliveries,
  webhookEndpoints,
  weightingCriteria,
} from '../db/schema.js';
import { demoSeedOptions, seedDemoData } from '../demo/seed-demo-data.js';
import { badRequestFor, type BadRequest, type JsonSchema, type Target } from '../test/bad-requests.js';
import { bearer, createTestApp, sessionToken, type TestApp } from '../test/harness.js';
import { SAMPLE_FILES } from '../test/sample-files.js';

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * What a refused request legitimately records (ADR 0016): a well-formed login that fails is counted
 * by the login throttle and audited as `login.failed`. Everything else must stay as it was.
 */
const RECORDS_REFUSALS: Record<string, string> = {
  login_throttle: 'false',
  audit_events: `action not in ('login.failed', 'session.renewed')`,
};

/**
 * What a request with odd headers but a good token may still do: renew its session (a bodyless
 * POST; docs/adr/0078-sessions-the-server-ends.md). So a session counts by who, since when and
 * whether it ended, not by its renewal.
 */
const ROW_PARTS: Record<string, string> = {
  sessions: 'row(t.id, t.user_id, t.created_at, t.ended_at, t.ended_by_id, t.end_reason)',
};

/** On PGlite the whole sample; PostgreSQL checks a slice of it (every server test file runs on both). */
const RUNS = process.env.NUBES_TEST_DB === 'postgres' ? 1_000 : 10_000;
const BATCH = 32;
const SEED = 20261125;

/** What no answer may show: stack frames, source files, packages, SQL and its errors, internal codes. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w.<>$]+ \(|\bat (?:file:\/\/)?\/[\w/.-]+:\d+/],
  ['a source file', /\.(?:ts|js|mjs):\d+/],
  ['node_modules', /node_modules/],
  ['drizzle', /drizzle/i],
  ['an error name', /\b(?:\w*Error|Exception):/],
  // Within one JSON string: two echoed field names side by side ("…select x", "delete from…") are no statement.
  ['SQL', /\b(?:select [^"]+ from|insert into|delete from|update \w+ set)\b|\bSQLSTATE\b|\bpg_\w+/i],
  [
    'a database error',
    /syntax error at|violates (?:unique|foreign key|check|not-null)|duplicate key|invalid input syntax|relation "|column "|Failed query/i,
  ],
  ['a Fastify code', /\bFST_\w+|\bERR_\w+/],
];

let test: TestApp;
let api: OpenApi;
let targets: Target[];
/** Internal names of the schema no answer may show: tables and columns spelt with an underscore. */
let internalNames: string[];

const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.$ref ? api.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;

const first = async <T>(rows: Promise<T[]>, what = 'an object'): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error(`the demo data lacks ${what} the suite needs`);
  return row;
};

/** Real path parameters: existing objects of the demo data (and a few made here), by the path's shape. */
const realParameters = async (): Promise<(path: string) => Record<string, string>> => {
  const { db } = test.database;
  const admin = await first(
    db
      .select()
      .from(users)
      .where(sql`${users.username} = 'admin'`),
  );
  const service = await first(
    db
      .select()
      .from(services)
      .where(inArray(services.state, [...CATALOGUE_STATES]))
      .limit(1),
  );
  const downtime = await first(
    db
      .insert(downtimes)
      .values({
        serviceId: service.id,
        severity: 'degraded',
        startsAt: new Date(Date.now() + 86_400_000),
        endsAt: new Date(Date.now() + 90_000_000),
        descriptionEn: 'A coming downtime',
        announcedAt: new Date(),
      })
      .returning(),
  );
  const [view] = await db
    .insert(savedViews)
    .values({ userId: admin.id, list: 'portfolio', name: 'Mine', query: 'q=x' })
    .returning();
  const adminAuth = bearer(await sessionToken(test, admin));
  const activate = await test.app.inject({
    method: 'POST',
    url: `/api/services/${service.id}/documents/activate`,
    payload: { version: service.version },
    headers: adminAuth,
  });
  expect(activate.statusCode, activate.body).toBeLessThan(300);
  const upload = await test.app.inject({
    method: 'POST',
    url: `/api/services/${service.id}/documents`,
    ...multipartFile(SAMPLE_FILES.pdf),
    headers: { ...adminAuth, 'content-type': multipartType },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const document = await first(db.select().from(serviceDocuments).limit(1), 'serviceDocuments');
  const pkg = await first(db.select().from(resourcePackages).limit(1), 'resourcePackages');
  const changeRequest = await first(db.select().from(changeRequests).limit(1), 'changeRequests');
  const relation = await first(db.select().from(contactRelations).limit(1), 'contactRelations');
  const adminOfService = await first(db.select().from(serviceAdmins).limit(1), 'serviceAdmins');
  const roleChange = (await db.select().from(serviceRoleChanges).limit(1))[0];
  const mail = await first(db.select().from(mailOutbox).limit(1), 'mailOutbox');
  const ids = {
    institution: (await first(db.select().from(institutions).limit(1), 'institutions')).id,
    resourceType: (await first(db.select().from(resourceTypes).limit(1), 'resourceTypes')).id,
    entitlementRole: (
      await first(
        db
          .insert(entitlementRoleMappings)
          .values({ entitlement: 'urn:example:fuzz', role: 'serviceProvider' })
          .returning(),
      )
    ).id,
    voNamePrefix: (await first(db.select().from(voNamePrefixes).limit(1), 'voNamePrefixes')).id,
    vo: (await first(db.select().from(vos).limit(1), 'vos')).id,
    weighting: (await first(db.select().from(weightingCriteria).limit(1), 'weightingCriteria')).key,
    user: (
      await first(
        db
          .select()
          .from(users)
          .where(sql`${users.username} = 'alice'`),
      )
    ).id,
  };
  // A revoked token: a well-formed request to revoke it again finds it ended and changes nothing.
  const token = await first(
    db
      .insert(apiTokens)
      .values({
        userId: admin.id,
        name: 'fuzz',
        prefix: 'nubes_pat_fuzz',
        secretHash: 'f'.repeat(64),
        scopes: ['services:read'],
        expiresAt: new Date(Date.now() + 3_600_000),
        revokedAt: new Date(),
      })
      .returning(),
  );
  // A webhook endpoint and one delivery of it (docs/adr/0120-event-feed-and-signed-webhooks.md).
  const webhook = await first(
    db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example/fuzz', eventTypes: ['service.created'], secretCiphertext: 'c2VhbGVk' })
      .returning(),
  );
  const event = await first(db.select().from(auditEvents).limit(1), 'auditEvents');
  const delivery = await first(
    db
      .insert(webhookDeliveries)
      .values({ endpointId: webhook.id, eventId: event.id, eventType: 'service.created', state: 'delivered' })
      .returning(),
  );
  const field = SERVICE_FIELDS.find((definition) => definition.type === 'text')!.key;
  // An ended session: a well-formed request to end it again finds nothing and changes nothing.
  const endedSession = await first(
    db
      .insert(sessions)
      .values({
        userId: ids.user,
        expiresAt: new Date(Date.now() + 3_600_000),
        endedAt: new Date(),
        endReason: 'logout',
      })
      .returning(),
  );

  return (path): Record<string, string> => {
    if (path.startsWith('/api/services/{id}/resource-packages/')) return { id: pkg.serviceId, packageId: pkg.id };
    if (path.startsWith('/api/services/{id}/documents/')) return { id: document.serviceId, documentId: document.id };
    if (path.startsWith('/api/services/{id}/admins/'))
      return { id: adminOfService.serviceId, userId: adminOfService.userId };
    if (path.startsWith('/api/services/{id}/role-changes/'))
      return { id: roleChange?.serviceId ?? service.id, changeId: roleChange?.id ?? crypto.randomUUID() };
    if (path.startsWith('/api/services/{id}')) return { id: service.id };
    if (path.startsWith('/api/public/services/{serviceId}')) return { serviceId: service.id };
    if (path.startsWith('/api/downtimes/{id}')) return { id: downtime.id };
    if (path.startsWith('/api/contacts/{id}/relations/')) return { id: relation.contactId, relationId: relation.id };
    if (path.startsWith('/api/contacts/{id}')) return { id: relation.contactId };
    if (path.startsWith('/api/change-requests/{id}')) return { id: changeRequest.id };
    if (path.startsWith('/api/entitlement-roles/{id}')) return { id: ids.entitlementRole };
    if (path.startsWith('/api/institutions/{id}')) return { id: ids.institution };
    if (path.startsWith('/api/mail/outbox/{id}')) return { id: mail.id };
    if (path.startsWith('/api/resource-types/{id}')) return { id: ids.resourceType };
    if (path.startsWith('/api/saved-views/{id}')) return { id: view!.id };
    if (path.startsWith('/api/me/api-tokens/{id}') || path.startsWith('/api/api-tokens/{id}')) return { id: token.id };
    if (path.startsWith('/api/scheduled-jobs/{name}')) return { name: SCHEDULED_JOBS[0] };
    if (path.startsWith('/api/service-fields/{field}')) return { field };
    if (path.startsWith('/api/handover/{id}')) return { id: ids.user };
    if (path.startsWith('/api/user-accounts/{id}')) return { id: ids.user };
    if (path.startsWith('/api/sessions/{id}')) return { id: endedSession.id };
    if (path.startsWith('/api/users/{username}')) return { username: 'alice' };
    if (path.startsWith('/api/vo-name-prefixes/{id}')) return { id: ids.voNamePrefix };
    if (path.startsWith('/api/vos/{id}')) return { id: ids.vo };
    if (path.startsWith('/api/weighting-settings/{key}')) return { key: ids.weighting };
    if (path.startsWith('/api/webhooks/{id}/deliveries/{deliveryId}'))
      return { id: webhook.id, deliveryId: delivery.id };
    if (path.startsWith('/api/webhooks/{id}')) return { id: webhook.id };
    if (path.startsWith('/dev-idp/interaction/{uid}')) return { uid: 'no-such-interaction' };
    if (path.startsWith('/dev-idp/{*}')) return { '*': 'auth' };
    return {};
  };
};

const multipartType = 'multipart/form-data; boundary=nubes-setup';
const multipartFile = (content: Buffer) => ({
  payload: Buffer.concat([
    Buffer.from(
      '--nubes-setup\r\nContent-Disposition: form-data; name="file"; filename="manual.pdf"\r\n' +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n--nubes-setup--\r\n'),
  ]),
});

const rowsOf = async <T>(query: SQL): Promise<T[]> =>
  ((await test.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every table's row count and a hash of its rows, in a stable order. */
const fingerprint = async (): Promise<Record<string, string>> => {
  const tables = (
    await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.table_name);
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await rowsOf<{ n: number; h: string }>(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(${ROW_PARTS[table] ?? 't'}::text, '|' order by t::text), '')) as h from "${table}" t where ${RECORDS_REFUSALS[table] ?? 'true'}`,
      ),
    );
    result[table] = `${row!.n} ${row!.h}`;
  }
  return result;
};

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database.db, demoSeedOptions(test.config));
  api = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
  const paramsOf = await realParameters();

  const { db } = test.database;
  const people = await db.select().from(users);
  const principals = await Promise.all(
    people.map(async (person) => ({
      person: { id: person.id, username: person.username, roles: person.roles as Role[] },
      token: await sessionToken(test, person),
    })),
  );
  const access = new Map(test.app.routeRegistry.map((route) => [`${route.method} ${route.url}`, route.access]));
  const routePath = (path: string) => path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1');
  const savedViewOwner = principals.find((p) => p.person.username === 'admin')!.token;

  targets = Object.entries(api.paths).flatMap(([path, item]) => {
    const pathMethods = Object.keys(item).map((method) => method.toUpperCase());
    return Object.entries(item)
      .filter(([method]) => method !== 'head')
      .map(([method, operation]) => {
        const declared = access.get(`${method.toUpperCase()} ${routePath(path)}`);
        const allowed =
          declared === undefined || declared === 'public' || !isPermission(declared)
            ? []
            : path.startsWith('/api/saved-views/')
              ? [savedViewOwner]
              : principals.filter((p) => can(p.person, declared)).map((p) => p.token);
        if (declared !== undefined && declared !== 'public') expect(allowed.length, path).toBeGreaterThan(0);
        // A new route's path parameters need a real object here (realParameters), or it is only ever 404.
        const pathNames = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const params = Object.fromEntries(Object.entries(paramsOf(path)).filter(([name]) => pathNames.includes(name)));
        expect(Object.keys(params).sort(), `real parameters of ${path}`).toEqual(pathNames.sort());
        return {
          method,
          path,
          params,
          queryNames: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          body: resolve(operation.requestBody?.content?.['application/json']?.schema),
          upload:
            Object.keys(operation.requestBody?.content ?? {}).some((type) => type.startsWith('multipart/')) ||
            (/\/(documents|logo)$/.test(path) && method === 'post'),
          tokens: allowed,
          pathMethods,
        } satisfies Target;
      });
  });
  // The development IdP stays out of the API document (ADR 0114) but answers on the same server:
  // its routes come from the route registry, public, their bodies unknown to the document.
  const devIdp = test.app.routeRegistry.filter((route) => route.url.startsWith('/dev-idp'));
  const documentPath = (url: string) => url.replace(/\*/g, '{*}').replace(/:(\w+)/g, '{$1}');
  const devIdpPaths = [...new Set(devIdp.map((route) => documentPath(route.url)))];
  targets.push(
    ...devIdpPaths.flatMap((path) => {
      const pathMethods = devIdp.filter((route) => documentPath(route.url) === path).map((route) => route.method);
      return pathMethods
        .filter((method) => method !== 'HEAD')
        .map((method): Target => ({
          method: method.toLowerCase(),
          path,
          params: paramsOf(path),
          queryNames: [],
          body: undefined,
          upload: false,
          tokens: [],
          pathMethods,
        }));
    }),
  );
  expect(devIdpPaths.length).toBeGreaterThan(0);

  internalNames = (
    await rowsOf<{
      name: string;
    }>(sql`select table_name as name from information_schema.tables where table_schema = 'public'
          union select column_name from information_schema.columns where table_schema = 'public'`)
  )
    .map((row) => row.name)
    .filter((name) => name.includes('_'));
}, 120_000);
afterAll(() => test.close());

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const sentText = (request: BadRequest) =>
  [request.url, decoded(request.url), request.payload?.toString() ?? '', ...Object.values(request.headers)].join(' ');
/**
 * What every request of the run carried so far: a refused login is recorded with the name it
 * tried (ADR 0016), and the audit log and the home's recent activity show it to later requests.
 */
const carried: string[] = [];

/** What is wrong with one answer, or null. */
const problemOf = (request: BadRequest, status: number, body: string, contentType: string): string | null => {
  if (status >= 500) return `answered ${status}`;
  // What the request itself carried may come back (a field's name, a path the dev IdP does not
  // know), and what an earlier one left in the records (the name a refused login tried).
  const sent = sentText(request);
  const sentBefore = (found: string) => sent.includes(found) || carried.some((text) => text.includes(found));
  for (const [what, pattern] of LEAKS) {
    const found = pattern.exec(body)?.[0];
    if (found !== undefined && !sentBefore(found)) return `shows ${what}: ${body.slice(0, 300)}`;
  }
  if (status < 400) return null;
  const leaked = internalNames.find((name) => body.includes(name) && !sent.includes(name));
  if (leaked) return `shows the internal name ${leaked}: ${body.slice(0, 300)}`;
  // The dev IdP answers in OpenID Connect's error shape, as a real IdP does.
  if (!request.url.startsWith('/api/') && request.url !== '/api') return null;
  if (!contentType.startsWith('application/json')) return `answered ${status} as ${contentType}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} with a body that is not JSON`;
  }
  const shape = parsed as Record<string, unknown>;
  const fieldsOk =
    shape.fields === undefined ||
    (typeof shape.fields === 'object' &&
      shape.fields !== null &&
      Object.values(shape.fields).every((value) => typeof value === 'string'));
  if (
    typeof shape.error !== 'string' ||
    typeof shape.message !== 'string' ||
    !fieldsOk ||
    !Object.keys(shape).every((key) => ['error', 'message', 'fields'].includes(key))
  )
    return `answered ${status} outside the error shape: ${body.slice(0, 300)}`;
  return null;
};

const send = async (request: BadRequest): Promise<string | null> => {
  carried.push(sentText(request));
  const response = await test.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const problem = problemOf(request, response.statusCode, response.body, String(response.headers['content-type']));
  return problem && `${request.fault}: ${request.method} ${request.url.slice(0, 160)}: ${problem}`;
};

describe('generated bad input against every route of the OpenAPI document (ADR 0015, ADR 0051)', () => {
  it('the checks see a 5xx, a stack trace, SQL, an internal name and a foreign shape', () => {
    const request: BadRequest = { fault: 'self-check', method: 'GET', url: '/api/x', headers: {} };
    const json = 'application/json; charset=utf-8';
    const answer = (status: number, body: string, type = json) => problemOf(request, status, body, type);
    expect(answer(500, '{"error":"internal_error","message":"Something went wrong"}')).toMatch(/answered 500/);
    expect(answer(400, 'TypeError: x\n    at parse (/app/src/routes/services.ts:12:3)')).toMatch(/shows/);
    expect(answer(400, '{"error":"x","message":"duplicate key value violates unique constraint"}')).toMatch(/shows/);
    expect(answer(404, '{"error":"x","message":"no row in service_comments"}')).toMatch(/internal name/);
    expect(answer(400, '{"statusCode":400,"error":"Bad Request","message":"x"}')).toMatch(/error shape/);
    expect(answer(400, '<h1>Bad Request</h1>', 'text/html')).toMatch(/as text\/html/);
    expect(answer(400, '{"error":"invalid_input","message":"Invalid","fields":{"name":"Required"}}')).toBeNull();
  });

  it(`${RUNS} malformed requests: no 5xx, no internal names, the error shape, and the data unchanged`, async () => {
    expect(targets.length).toBeGreaterThan(100);
    // The upload routes and the login weigh more: they alone parse multipart bodies or count a
    // failed login, and every kind of fault must be among the sample however many routes there are.
    // The login is one route of hundreds, and its faults are of several kinds: it weighs a tenth
    // of all routes, so the smaller PostgreSQL sample holds its own kind too.
    const loginWeight = Math.max(4, Math.round(targets.length / 10));
    const perTarget = targets.map((target) => ({
      arbitrary: badRequestFor(target),
      weight: target.path === '/api/login' ? loginWeight : target.upload ? 4 : 1,
    }));
    const requests = fc.sample(fc.oneof(...perTarget), { numRuns: RUNS, seed: SEED });
    const kinds = new Set(requests.map((r) => r.fault.split(/[ :]/)[0]));
    expect([...kinds].sort()).toEqual([
      'body',
      'content',
      'credentials',
      'header',
      'login',
      'method',
      'multipart',
      'path',
      'query',
    ]);

    // The dev IdP loads at its first request and then keeps its keys (app_secrets) for good: a
    // first start's state, not a change made by bad input, so it is loaded before the fingerprint.
    await test.app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
    const before = await fingerprint();
    const problems: string[] = [];
    for (let start = 0; start < requests.length; start += BATCH) {
      const answers = await Promise.all(requests.slice(start, start + BATCH).map(send));
      problems.push(...answers.filter((answer): answer is string => answer !== null));
    }
    expect(problems.slice(0, 30)).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  }, 300_000);
});
