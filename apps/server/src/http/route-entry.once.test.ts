import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRouteEntry } from './route-entry.js';

describe('route entry', () => {
  it('runs the steps in order, then the gate, then the route’s own hooks, all in one hook', async () => {
    const app = Fastify();
    const seen: string[] = [];
    registerRouteEntry(app, {
      steps: [
        (route) => () => void seen.push(`first ${route.url}`),
        (route) => (route.url === '/quiet' ? undefined : (_request, reply) => void reply.header('x-step', 'yes')),
      ],
      gate: () => (_request, _reply, done) => {
        seen.push('gate');
        setTimeout(done, 5);
      },
    });
    const hookCounts: Record<string, number> = {};
    app.addHook('onRoute', (route) => {
      if (route.method === 'GET') hookCounts[route.url] = [route.onRequest ?? []].flat().length;
    });
    app.get('/loud', { onRequest: (_request, _reply, done) => (seen.push('own'), done()) }, async () => 'ok');
    app.get('/quiet', async () => 'ok');
    await app.ready();

    const loud = await app.inject({ url: '/loud' });
    expect(loud.headers['x-step']).toBe('yes');
    expect(seen).toEqual(['first /loud', 'gate', 'own']);
    const quiet = await app.inject({ url: '/quiet' });
    expect(quiet.body).toBe('ok');
    expect(quiet.headers['x-step']).toBeUndefined();
    expect(hookCounts).toEqual({ '/loud': 2, '/quiet': 1 });
    await app.close();
  });

  it('lets the gate refuse after the steps ran, so the refusal carries their headers', async () => {
    const app = Fastify();
    registerRouteEntry(app, {
      steps: [() => (_request, reply) => void reply.header('x-step', 'yes')],
      gate: () => (_request, _reply, done) => done(Object.assign(new Error('refused'), { statusCode: 403 })),
    });
    const handled: string[] = [];
    app.get('/closed', async () => (handled.push('handler'), 'never'));

    const response = await app.inject({ url: '/closed' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['x-step']).toBe('yes');
    expect(handled).toEqual([]);
    await app.close();
  });
});
