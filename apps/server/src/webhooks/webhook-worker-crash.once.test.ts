import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type WebhookDeliveryList, type WebhookWithSecret } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../../../scripts/lib/free-port.mjs';
import { startPortalProcess, type PortalProcess } from '../test/portal-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.js';

const ADMIN_PASSWORD = 'webhook-crash-admin-password';
/** A restarted portal starts tsx and reopens a killed PGlite directory: on a busy machine that takes a while. */
const WITHIN_MS = 60_000;

/**
 * The portal in a child process on its own PGlite directory, killed with SIGKILL while a receiver
 * holds its answer to a delivery (docs/adr/0120-event-feed-and-signed-webhooks.md): after the
 * restart the delivery is sent again, under the same webhook-id, and stays one delivery.
 */
describe('a portal killed during a webhook delivery', () => {
  let dir: string;
  let receiver: WebhookReceiver;
  const portals: PortalProcess[] = [];
  let port: number;
  const env = () => ({
    NODE_ENV: 'development',
    DATA_DIR: dir,
    ADMIN_PASSWORD,
    PASSWORD_HASH_COST: '10',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    // The killed process's claim has run out by the time the restarted portal's worker first looks
    // (the portal answers its health check before that), so it sends the delivery again at once
    // rather than at its next poll 5 s later.
    WEBHOOK_LEASE_SECONDS: '1',
  });
  const start = async () => {
    const portal = await startPortalProcess(port, env());
    portals.push(portal);
    return portal;
  };
  const call = async (portal: PortalProcess, token: string | null, method: string, url: string, body?: object) => {
    const response = await fetch(`${portal.url}${url}`, {
      method,
      headers: {
        'content-type': 'application/json',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nubes-webhook-crash-'));
    cpSync(inject('pgliteTemplate'), dir, { recursive: true });
    receiver = await startWebhookReceiver();
    port = await freePort();
  });
  afterAll(async () => {
    for (const portal of portals) await portal.stop();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers the event once more after the restart, under the same webhook-id, as one delivery', async () => {
    const first = await start();
    const login = await call(first, null, 'POST', '/api/login', { login: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const token = (login.body as { token: string }).token;
    const created = await call(first, token, 'POST', '/api/webhooks', {
      url: receiver.url,
      eventTypes: ['service.created'],
      active: true,
      description: 'crash test',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hook = created.body as WebhookWithSecret;
    receiver.verifyWith(hook.secret);

    // The receiver reads the delivery and holds its answer; the portal dies waiting for it.
    receiver.hold(true);
    const arrived = receiver.nextArrival();
    const service = await call(first, token, 'POST', '/api/services', { name: 'Killed Mid-Delivery' });
    expect(service.status).toBe(201);
    await arrived;
    await first.kill();
    expect(receiver.received).toHaveLength(1);
    const eventId = receiver.received[0]!.id;

    receiver.hold(false);
    const second = await start();
    // The dead portal's claim runs out (its lease); the new one sends the delivery again.
    await expect.poll(() => receiver.received.length, { timeout: WITHIN_MS, interval: 100 }).toBe(2);

    const relogin = await call(second, null, 'POST', '/api/login', { login: 'admin', password: ADMIN_PASSWORD });
    const deliveries = async () =>
      (
        (await call(second, (relogin.body as { token: string }).token, 'GET', `/api/webhooks/${hook.id}/deliveries`))
          .body as WebhookDeliveryList
      ).items;
    // Until the new worker has written down the receiver's answer: a delivered row is never claimed again.
    await expect
      .poll(async () => (await deliveries())[0]?.state, { timeout: WITHIN_MS, interval: 100 })
      .toBe('delivered');
    const items = await deliveries();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ eventId, state: 'delivered', tries: 2, lastStatus: 200 });
    // Nothing was sent a third time.
    expect(receiver.received.map((request) => request.id)).toEqual([eventId, eventId]);
    expect(receiver.received.every((request) => request.verified)).toBe(true);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
  }, 180_000);
});
