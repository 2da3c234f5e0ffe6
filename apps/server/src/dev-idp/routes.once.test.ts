import Fastify from 'fastify';
import type Provider from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { DEV_IDP_PATH } from '../config/config.js';
import { appWithLogLines } from '../test/log-lines.js';
import { devIdpRoutes } from './routes.js';

/** Just enough of oidc-provider for the routes to hand a request over. */
const fakeProvider = () =>
  ({
    issuer: `http://127.0.0.1${DEV_IDP_PATH}`,
    callback: () => (_request: unknown, response: { end(body: string): void }) => response.end('provider answered'),
  }) as unknown as Provider;

describe('the development IdP’s routes', () => {
  it('a load that failed (the database was away) is tried again by the next request', async () => {
    const { log } = appWithLogLines();
    let attempts = 0;
    const provider = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Connection terminated unexpectedly');
      return fakeProvider();
    };
    const app = Fastify();
    await app.register(devIdpRoutes, { prefix: DEV_IDP_PATH, provider, log });

    expect(
      (await app.inject({ method: 'GET', url: `${DEV_IDP_PATH}/.well-known/openid-configuration` })).statusCode,
    ).toBe(500);
    const again = await app.inject({ method: 'GET', url: `${DEV_IDP_PATH}/.well-known/openid-configuration` });
    expect(again.body).toBe('provider answered');
    expect(attempts).toBe(2);
    await app.close();
  });
});
