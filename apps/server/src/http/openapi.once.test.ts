import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { operationIdOf, withoutUnusedSchemas } from './openapi.js';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

describe('operationIdOf', () => {
  it('is the verb, the fixed segments after /api, and By the last parameter', () => {
    expect(operationIdOf('GET', '/api/services')).toBe('getServices');
    expect(operationIdOf('GET', '/api/services/:id')).toBe('getServicesById');
    expect(operationIdOf('POST', '/api/services/:id/transitions')).toBe('postServicesTransitions');
    expect(operationIdOf('DELETE', '/api/services/:id/admins/:userId')).toBe('deleteServicesAdminsByUserId');
    expect(operationIdOf('GET', '/api/user-accounts/export.csv')).toBe('getUserAccountsExportCsv');
  });
});

describe('withoutUnusedSchemas', () => {
  it('keeps the schemas an operation reaches, directly or through another schema, and drops the rest', () => {
    const document = {
      paths: { '/a': { get: { responses: { 200: { $ref: '#/components/schemas/A' } } } } },
      components: {
        schemas: { A: { items: { $ref: '#/components/schemas/B' } }, B: { type: 'string' }, C: { type: 'string' } },
      },
    };
    expect(Object.keys(withoutUnusedSchemas(document).components.schemas)).toEqual(['A', 'B']);
  });
});

describe('the API document (GET /api/openapi.json)', () => {
  let test: TestApp;
  let document: OpenApi;
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ at: `${method.toUpperCase()} ${path}`, operation })),
    );

  beforeAll(async () => {
    test = await createTestApp();
    document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApi>();
  });
  afterAll(() => test.close());

  it('leaves the development IdP out', () => {
    expect(test.config.devIdp).toBe(true);
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('gives every operation a unique camelCase operationId and a summary', () => {
    const ids = operations().map(({ at, operation }) => [at, operation.operationId] as const);
    expect(ids.filter(([, id]) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(ids.length);
    expect(
      operations()
        .filter(({ operation }) => !operation.summary?.trim())
        .map(({ at }) => at),
    ).toEqual([]);
  });

  it('says every operation’s security: none for a public one, the bearer token for the others, and a personal API token’s scope where a route takes one', () => {
    expect(
      operations()
        .filter(({ operation }) => !Array.isArray(operation.security))
        .map(({ at }) => at),
    ).toEqual([]);
    const security = (at: string) => operations().find((entry) => entry.at === at)?.operation.security;
    expect(security('GET /api/public/services')).toEqual([]);
    expect(security('POST /api/login')).toEqual([]);
    expect(security('GET /api/services')).toEqual([{ bearer: [] }, { apiToken: ['services:read'] }]);
    expect(security('GET /api/user-accounts')).toEqual([{ bearer: [] }]);
  });

  it('gives every operation a 4xx answer in the error shape', () => {
    const without = operations().filter(({ operation }) => {
      const refusals = Object.entries(operation.responses).filter(([status]) => status.startsWith('4'));
      return (
        refusals.length === 0 ||
        // A download's (`produces`) refusals are listed under its own media type.
        refusals.some(([, answer]) =>
          Object.values(answer.content ?? {}).some((media) => media.schema.$ref !== '#/components/schemas/ApiError'),
        )
      );
    });
    expect(without.map(({ at }) => at)).toEqual([]);
  });

  it('lists only the component schemas some operation uses', () => {
    const text = JSON.stringify(document.paths) + JSON.stringify(document.components);
    const unused = Object.keys(document.components.schemas).filter(
      (name) => !text.includes(`"#/components/schemas/${name}"`),
    );
    expect(unused).toEqual([]);
  });

  it('names the downtimes’ feed types wherever an event type is an answer or a choice', () => {
    const schemas = document.components.schemas as Record<string, { properties: Record<string, unknown> }>;
    const downtimeTypes = [
      'downtime.announced',
      'downtime.started',
      'downtime.ended',
      'downtime.changed',
      'downtime.cancelled',
    ];
    const enumOf = (schema: unknown): unknown =>
      (schema as { enum?: unknown; items?: { enum?: unknown } }).enum ??
      (schema as { items: { enum: unknown } }).items.enum;
    for (const [name, property] of [
      ['FeedEvent', 'type'],
      ['Webhook', 'eventTypes'],
      ['CreateWebhookInput', 'eventTypes'],
      ['WebhookDelivery', 'eventType'],
    ] as const) {
      expect(Object.keys(schemas)).toContain(name);
      expect(enumOf(schemas[name]!.properties[property]), name).toEqual(expect.arrayContaining(downtimeTypes));
    }
  });
});
