import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** A bare Fastify with the portal's trustProxy setting: what the access guard and the throttle see. */
const clientAddress = async (trustProxy: string, remoteAddress: string, forwardedFor?: string) => {
  const app = Fastify({ trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy });
  app.get('/', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  const response = await app.inject({
    url: '/',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } : {},
  });
  await app.close();
  return response.json<{ ip: string; protocol: string }>();
};

// No database: one project is enough.
describe("TRUST_PROXY as the proxies' addresses", () => {
  it('takes the client address and scheme from a listed proxy', async () => {
    expect(await clientAddress('10.0.0.5', '10.0.0.5', '203.0.113.7')).toEqual({
      ip: '203.0.113.7',
      protocol: 'https',
    });
    expect(await clientAddress('10.0.0.0/24', '10.0.0.9', '203.0.113.7')).toMatchObject({ ip: '203.0.113.7' });
  });

  it('ignores forwarded headers from anyone else', async () => {
    expect(await clientAddress('10.0.0.5', '198.51.100.1', '203.0.113.7')).toEqual({
      ip: '198.51.100.1',
      protocol: 'http',
    });
  });

  it('stops at the first address it does not trust, so a forged value in front changes nothing', async () => {
    // The proxy appends the real client (198.51.100.1) to what the client sent (a forged 10.0.0.5).
    expect(await clientAddress('10.0.0.5', '10.0.0.5', '10.0.0.5, 198.51.100.1')).toMatchObject({
      ip: '198.51.100.1',
    });
  });
});
