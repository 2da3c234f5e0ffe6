import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { deferredChildLogger } from './request-logger.js';

const appWithLogLines = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    disableRequestLogging: true,
    childLoggerFactory: deferredChildLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/talks', async (request) => {
    request.log.warn({ part: 'test' }, 'something to say');
    request.log.debug('below the level');
    return { ok: true };
  });
  return { app, lines };
};

describe('the deferred request logger', () => {
  it('builds no child logger for a request that logs nothing', async () => {
    const { app, lines } = appWithLogLines();
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    const response = await app.inject({ url: '/quiet' });
    expect(response.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('logs with the request id and the level of the parent once something is said', async () => {
    const { app, lines } = appWithLogLines();
    const response = await app.inject({ url: '/talks' });
    expect(response.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'something to say', part: 'test', reqId: expect.any(String) });
  });

  it('hands out real child loggers and reports the parent level until one exists', async () => {
    const { app, lines } = appWithLogLines();
    app.get('/nested', async (request) => {
      expect(request.log.level).toBe('info');
      request.log.child({ step: 'inner' }).info('from the inner step');
      return { ok: true };
    });
    await app.inject({ url: '/nested' });
    expect(lines[0]).toMatchObject({ msg: 'from the inner step', step: 'inner', reqId: expect.any(String) });
  });
});
