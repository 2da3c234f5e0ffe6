import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { appWithLogLines } from '../test/log-lines.js';
import { registerErrorHandler } from './error-handler.js';

/** The portal's log and a bare app with the portal's error handler. */
const capture = () => {
  const { app, log, lines } = appWithLogLines();
  registerErrorHandler(app, log);
  return { app, lines };
};

// Nothing here depends on the database: it runs once, on PGlite.
describe('the portal’s log', () => {
  it('has the cause of a 500 with the request id; the caller gets a plain message', async () => {
    const { app, lines } = capture();
    app.get('/fails', async () => {
      throw new Error('the disk is on fire');
    });
    const response = await app.inject({ url: '/fails', headers: { 'x-request-id': 'req-500' } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('fire');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request failed', err: { message: 'the disk is on fire' } });
    expect(lines[0]!.reqId).toBe('req-500');
    await app.close();
  });

  it('says nothing about requests that went well, and nothing per request', async () => {
    const { app, lines } = capture();
    app.get('/fine', async () => ({ ok: true }));
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/fine' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/nowhere' })).statusCode).toBe(404);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('has Fastify’s own line about an answer that broke after its headers, with the request id', async () => {
    const { app, lines } = capture();
    app.get('/breaks', (_request, reply) => {
      let sent = false;
      const body = new Readable({
        read() {
          if (sent) {
            this.destroy(new Error('the source went away'));
            return;
          }
          sent = true;
          this.push('{"partial":');
        },
      });
      return reply.type('application/json').send(body);
    });
    await app.inject({ url: '/breaks' }).catch(() => undefined);
    await expect.poll(() => lines.length).toBe(1);
    expect(lines[0]).toMatchObject({ level: 40, err: { message: 'the source went away' } });
    expect(lines[0]!.reqId).toEqual(expect.any(String));
    await app.close();
  });
});
