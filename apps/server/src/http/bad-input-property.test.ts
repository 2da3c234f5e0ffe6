import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

let test: TestApp;
let world: ServiceWorld;
let api: OpenApi;
let serviceId: string;

beforeAll(async () => {
  test = await createTestApp();
  world = await seedServiceWorld(test, await seedPrincipals(test));
  serviceId = (
    await createServiceInState(test.database.db, {
      objectOwnerId: world.people.alice!.id,
      providerInstitutionId: world.institutions.HPCN,
    })
  ).id;
  api = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
});
afterAll(() => test.close());

/** Strings the database or the router cannot take as they are. */
const badText = fc.oneof(
  fc.constantFrom('a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\udbff\u0000', ''),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('a'.repeat(70_000), '\u00e9'.repeat(30_000)),
);
/** Anything JSON can carry where a value of some other type is expected. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(badText, { maxLength: 3 }),
  fc.dictionary(badText, badText, { maxKeys: 3 }),
  fc.constant({ __proto__: { polluted: true } }),
);
/** Raw path segments and query values, some of them badly percent-encoded. */
const badSegment = fc.oneof(
  fc.constantFrom('%00', 'a%00b', '%E0%A4%A', '%ED%A0%80', '%', '%zz', 'a'.repeat(150), '..%2F..', '%C0%AE'),
  badText.map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, 'x'))),
);

const methods = ['get', 'post', 'patch', 'put', 'delete'] as const;

const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => {
  if (!schema?.$ref) return schema;
  return api.components?.schemas?.[schema.$ref.split('/').pop()!];
};

describe('generated bad input against every route of the OpenAPI document (ADR 0015)', () => {
  it('never gets a 5xx, and every refusal is in the portal’s error shape', async () => {
    const operations = Object.entries(api.paths).flatMap(([path, item]) =>
      methods.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
    );
    expect(operations.length).toBeGreaterThan(20);

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.oneof(badSegment, fc.constant(serviceId)),
        fc.array(fc.tuple(fc.nat(), badSegment), { maxLength: 3 }),
        fc.oneof(badValue, fc.dictionary(fc.nat({ max: 20 }).map(String), badValue, { maxKeys: 4 })),
        fc.boolean(),
        async ({ path, method, operation }, segment, queryPicks, valueOrMap, asBodyProperties) => {
          const url = path.replace(/\{[^}]+\}/g, segment);
          const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
          const query = queryNames.length
            ? queryPicks.map(([pick, value]) => `${queryNames[pick % queryNames.length]}=${value}`).join('&')
            : '';
          const schema = resolve(operation.requestBody?.content?.['application/json']?.schema);
          const names = Object.keys(schema?.properties ?? {});
          // Either the body's own property names with bad values (so strict schemas read on), or anything at all.
          const payload =
            asBodyProperties && names.length && valueOrMap && typeof valueOrMap === 'object'
              ? Object.fromEntries(Object.values(valueOrMap).map((value, i) => [names[i % names.length]!, value]))
              : valueOrMap;
          const response = await test.app.inject({
            method: method.toUpperCase() as 'GET',
            url: query ? `${url}?${query}` : url,
            headers: { ...bearer(world.people.admin!.token), 'content-type': 'application/json' },
            ...(method === 'get' || method === 'delete' ? {} : { payload: JSON.stringify(payload) ?? 'null' }),
          });
          const label = `${method.toUpperCase()} ${url.slice(0, 200)} ${query.slice(0, 200)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          // The dev IdP answers in OpenID Connect's error shape, as a real IdP does.
          if (response.statusCode >= 400 && path.startsWith('/api/')) {
            const body = response.json<Record<string, unknown>>();
            expect(typeof body.error, label).toBe('string');
            expect(typeof body.message, label).toBe('string');
            expect(
              Object.keys(body).every((key) => ['error', 'message', 'fields'].includes(key)),
              label,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 400, seed: 20261124 },
    );
  });
});
