import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { appWithLogLines } from '../test/log-lines.js';
import { requestLog } from './portal-log.js';
import { requestIdOf } from './request-id.js';

/** A generated id: the process's random prefix and a counter. */
const GENERATED = /^[\w-]{12}-[0-9a-z]+$/;

// Nothing here depends on the database: it runs once, on PGlite.
describe('the request id', () => {
  it('is the proxy’s X-Request-Id when well-formed', () => {
    for (const given of [
      '7f3c9a0e5b1d4c2a9e8f6d5c4b3a2910',
      'b7d2b1a4-3c55-4d8e-9f10-1a2b3c4d5e6f',
      'Root=1-67891233-abc.def:x/y+z',
    ])
      expect(requestIdOf({ headers: { 'x-request-id': given } })).toBe(given);
  });

  it('is generated when there is none', () => {
    const first = requestIdOf({ headers: {} });
    expect(first).toMatch(GENERATED);
    expect(requestIdOf({ headers: {} })).not.toBe(first);
  });

  it('is generated instead of a malformed, overlong or repeated header', () => {
    for (const given of ['', 'a b', 'id\nforged-line', 'id"}', '<script>', 'a'.repeat(129), 'ü', 'a\u0000b'])
      expect(requestIdOf({ headers: { 'x-request-id': given } }), JSON.stringify(given)).toMatch(GENERATED);
    expect(requestIdOf({ headers: { 'x-request-id': ['one', 'two'] as unknown as string } })).toMatch(GENERATED);
  });

  it('labels every line a request logs, child loggers’ too', async () => {
    const { app, log, lines } = appWithLogLines();
    app.get('/talks', async (request) => {
      requestLog(log, request).info('first');
      requestLog(log, request).child({ step: 'inner' }).warn('second');
      return { ok: true };
    });
    await app.inject({ url: '/talks', headers: { 'x-request-id': 'from-the-proxy-1' } });
    await app.inject({ url: '/talks', headers: { 'x-request-id': 'not well formed' } });
    expect(lines.map((line) => line.reqId)).toEqual([
      'from-the-proxy-1',
      'from-the-proxy-1',
      expect.stringMatching(GENERATED),
      expect.stringMatching(GENERATED),
    ]);
    expect(lines[2]!.reqId).toBe(lines[3]!.reqId);
    expect(lines[1]).toMatchObject({ level: 40, msg: 'second', step: 'inner' });
    await app.close();
  });
});

describe('the portal’s answers', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('carry the request id, the proxy’s or a new one', async () => {
    const taken = await test.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(taken.headers['x-request-id']).toBe('abc-123');
    const made = await test.app.inject({ url: '/api/health', headers: { 'x-request-id': 'a b' } });
    expect(made.headers['x-request-id']).toMatch(GENERATED);
    const refused = await test.app.inject({ url: '/api/services', headers: { 'x-request-id': 'r-1' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('r-1');
  });
});
