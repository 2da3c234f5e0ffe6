import type { CreatedApiToken, ServiceDetail, Webhook, WebhookDeliveryList, WebhookWithSecret } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhook } from '../commands/webhooks.js';
import { auditEvents, webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';
import { writesFor } from '../writes/after-commit.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver.js';
import { openSecretBox } from '../webhooks/secret-box.js';
import { startWebhookWorker } from '../webhooks/webhook-worker.js';

const env = useServiceWorld();
const as = (username: string) => bearer(env.world.people[username]!.token);
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (username: string | null, method: Method, url: string, payload?: unknown) =>
  env.test.app.inject({ method, url, payload: payload as object, headers: username ? as(username) : {} });

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const register = async (body: object = {}) => {
  const response = await call('admin', 'POST', '/api/webhooks', {
    url: receiver.url,
    eventTypes: ['service.created', 'service.changed'],
    active: true,
    description: 'ops',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookWithSecret>();
};

/** A worker of the test's own that retries at once, run by hand. */
const worker = async () =>
  startWebhookWorker({
    db: env.test.database.db,
    box: await openSecretBox(env.test.database.db),
    publicUrl: env.test.config.publicUrl,
    allowPrivateTargets: true,
    pollMs: 3_600_000,
    backoffMs: () => 0,
  });

const draft = async (name: string) => {
  const response = await call('alice', 'POST', '/api/services', { name, fields: { shortDescription: 'Hooked' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ServiceDetail>();
};

const deliveriesOf = async (id: string) => {
  const response = await call('admin', 'GET', `/api/webhooks/${id}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookDeliveryList>().items;
};

describe('webhook endpoints', () => {
  const someId = crypto.randomUUID();
  const routes: [Method, string, object?][] = [
    ['GET', '/api/webhooks'],
    ['POST', '/api/webhooks', {}],
    ['PUT', `/api/webhooks/${someId}`, {}],
    ['POST', `/api/webhooks/${someId}/secret`, {}],
    ['GET', `/api/webhooks/${someId}/deliveries`],
    ['POST', `/api/webhooks/${someId}/deliveries/${someId}/redeliver`, {}],
  ];

  it('401 without a session, 403 for anyone but the portal manager, 403 for a token of the portal manager', async () => {
    const tokenResponse = await call('admin', 'POST', '/api/me/api-tokens', {
      name: 'hooks',
      expiresInDays: 7,
      scopes: ['events:read'],
    });
    const token = tokenResponse.json<CreatedApiToken>().token;
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      expect((await call('alice', method, url, body)).statusCode, url).toBe(403);
      expect((await call('paula', method, url, body)).statusCode, url).toBe(403);
      const byToken = await env.test.app.inject({ method, url, payload: body, headers: bearer(token) });
      expect(byToken.statusCode, url).toBe(403);
    }
  });

  it('400 for an address that is no http(s) URL, no event types, an unknown type; nothing is written', async () => {
    const before = await env.test.database.db.select().from(webhookEndpoints);
    for (const body of [
      { url: 'ftp://example.org/x', eventTypes: ['service.created'], active: true, description: '' },
      { url: 'https://user:pw@example.org/x', eventTypes: ['service.created'], active: true, description: '' },
      { url: 'https://example.org/x', eventTypes: [], active: true, description: '' },
      { url: 'https://example.org/x', eventTypes: ['service.deleted'], active: true, description: '' },
    ]) {
      const response = await call('admin', 'POST', '/api/webhooks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const response = await env.test.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://example.org/x', eventTypes: [], active: true, description: '' },
      headers: { ...as('admin'), 'accept-language': 'de' },
    });
    expect(response.json().fields.eventTypes).toBe('Wählen Sie mindestens ein Ereignis');
    expect(await env.test.database.db.select().from(webhookEndpoints)).toHaveLength(before.length);
  });

  it('refuses loopback, link-local and private targets unless the operator allows them', async () => {
    const box = await openSecretBox(env.test.database.db);
    const { id, username, roles } = env.world.people.admin!;
    const admin = { id, username, roles, fullname: 'Admin', email: '', institutionId: null };
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
      'http://10.1.2.3/',
      'http://localhost/x',
    ]) {
      const refused = createWebhook(writesFor(env.test.database), box, { allowPrivateTargets: false }, admin, {
        url,
        eventTypes: ['service.created'],
        active: true,
        description: '',
      });
      await expect(refused, url).rejects.toBeInstanceOf(HttpError);
      await expect(refused, url).rejects.toMatchObject({ fields: { url: 'webhooks.refusedTarget' } });
    }
  });

  it('shows the secret once, keeps only its ciphertext, and never answers it again; rotating gives a new one', async () => {
    const created = await register({ description: 'secret keeping' });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call('admin', 'GET', '/api/webhooks');
    expect(list.body).not.toContain(created.secret);
    expect(list.json<{ items: Webhook[] }>().items.map((item) => item.id)).toContain(created.id);
    const secretBase64 = created.secret.slice('whsec_'.length);
    const [row] = await env.test.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(JSON.stringify(row)).not.toContain(secretBase64);
    const events = await env.test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, created.id));
    expect(JSON.stringify(events)).not.toContain(secretBase64);

    const stale = await call('admin', 'POST', `/api/webhooks/${created.id}/secret`, { version: created.version + 5 });
    expect(stale.statusCode).toBe(409);
    const rotated = await call('admin', 'POST', `/api/webhooks/${created.id}/secret`, { version: created.version });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json<WebhookWithSecret>().secret).not.toBe(created.secret);
    expect(rotated.json<WebhookWithSecret>().version).toBe(created.version + 1);
  });

  it('changes an endpoint at the version read: 409 when stale, 400 for bad input', async () => {
    const created = await register({ description: 'to change' });
    const body = { url: receiver.url, eventTypes: ['vo.approved'], active: false, description: 'changed' };
    expect((await call('admin', 'PUT', `/api/webhooks/${created.id}`, { ...body, version: 99 })).statusCode).toBe(409);
    expect(
      (await call('admin', 'PUT', `/api/webhooks/${created.id}`, { ...body, url: 'nope', version: created.version }))
        .statusCode,
    ).toBe(400);
    const changed = await call('admin', 'PUT', `/api/webhooks/${created.id}`, { ...body, version: created.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Webhook>()).toMatchObject({
      eventTypes: ['vo.approved'],
      active: false,
      description: 'changed',
    });
    expect(
      (await call('admin', 'PUT', `/api/webhooks/${crypto.randomUUID()}`, { ...body, version: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('webhook deliveries', () => {
  it('queues a delivery in the change’s transaction, signs it as Standard Webhooks, retries after a 500, and redelivers on request', async () => {
    // Other files' endpoints aside, this one alone hears service events from here on.
    await env.test.database.db.update(webhookEndpoints).set({ active: false });
    const hook = await register();
    receiver.verifyWith(hook.secret);
    const service = await draft('Hooked Storage');
    // Queued by the commit itself, before any worker ran.
    const queued = await deliveriesOf(hook.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ eventType: 'service.created', state: 'pending', tries: 0 });

    receiver.answer([500]);
    const running = await worker();
    try {
      await running.runOnce();
      await expect.poll(async () => (await deliveriesOf(hook.id))[0]!.state).toBe('delivered');
      const arrived = receiver.received.filter((request) => request.id === queued[0]!.eventId);
      expect(arrived.map((request) => request.status)).toEqual([500, 200]);
      expect(arrived.every((request) => request.verified)).toBe(true);
      const body = JSON.parse(arrived[0]!.body);
      expect(body).toMatchObject({
        type: 'service.created',
        data: { id: queued[0]!.eventId, type: 'service.created', object: { type: 'service', id: service.serviceId } },
      });
      expect(arrived[1]!.body).toBe(arrived[0]!.body);
      const [delivered] = await deliveriesOf(hook.id);
      expect(delivered).toMatchObject({ state: 'delivered', tries: 2, lastStatus: 200, lastError: null });

      // A change of internal values only is no feed event: nothing is queued for it.
      const patched = await call('alice', 'PATCH', `/api/services/${service.id}`, {
        version: service.version,
        weighting: { initiatedBy: 'centre' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(await deliveriesOf(hook.id)).toHaveLength(1);
      // A change refused as stale is rolled back with its delivery.
      const stalePatch = await call('alice', 'PATCH', `/api/services/${service.id}`, {
        version: service.version,
        fields: { shortDescription: 'Never written' },
      });
      expect(stalePatch.statusCode).toBe(409);
      expect(await deliveriesOf(hook.id)).toHaveLength(1);

      const stale = await call('admin', 'POST', `/api/webhooks/${hook.id}/deliveries/${delivered!.id}/redeliver`, {
        version: delivered!.version - 1,
      });
      expect(stale.statusCode).toBe(409);
      const again = await call('admin', 'POST', `/api/webhooks/${hook.id}/deliveries/${delivered!.id}/redeliver`, {
        version: delivered!.version,
      });
      expect(again.statusCode, again.body).toBe(200);
      await running.runOnce();
      await expect.poll(() => receiver.received.filter((r) => r.id === queued[0]!.eventId).length).toBe(3);
      const redeliveredEvents = await env.test.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'webhook.redelivered'));
      expect(redeliveredEvents.map((event) => event.objectId)).toContain(hook.id);
      const unknown = await call(
        'admin',
        'POST',
        `/api/webhooks/${hook.id}/deliveries/${crypto.randomUUID()}/redeliver`,
        {
          version: 1,
        },
      );
      expect(unknown.statusCode).toBe(404);
    } finally {
      await running.stop();
    }
  });

  it('refuses a private target at delivery when the setting does not allow it', async () => {
    await env.test.database.db.update(webhookEndpoints).set({ active: false });
    const hook = await register();
    await draft('Refused Storage');
    const refusing = startWebhookWorker({
      db: env.test.database.db,
      box: await openSecretBox(env.test.database.db),
      publicUrl: env.test.config.publicUrl,
      allowPrivateTargets: false,
      pollMs: 3_600_000,
      backoffMs: () => 3_600_000,
    });
    try {
      await refusing.runOnce();
      const [delivery] = await env.test.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, hook.id));
      expect(delivery).toMatchObject({ state: 'pending', tries: 1, lastStatus: null });
      expect(delivery!.lastError).toMatch(/refused target/);
    } finally {
      await refusing.stop();
    }
  });

  it('delivers a downtime’s announcement, signed, to an endpoint of its type only', async () => {
    await env.test.database.db.update(webhookEndpoints).set({ active: false });
    const announced = await register({ eventTypes: ['downtime.announced'], description: 'status page' });
    const started = await register({ eventTypes: ['downtime.started'], description: 'starts only' });
    receiver.verifyWith(announced.secret);
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    // Ahead of whatever the portal's clock says: the test reads no time, only that it lies ahead.
    const inHours = (n: number) => new Date(Date.now() + n * 60 * 60 * 1000).toISOString();
    const body = {
      severity: 'degraded',
      startsAt: inHours(48),
      endsAt: inHours(50),
      descriptionEn: 'Network maintenance',
      descriptionDe: 'Netzwerkwartung',
    };
    const response = await call('alice', 'POST', `/api/services/${service.id}/downtimes`, body);
    expect(response.statusCode, response.body).toBe(201);
    const downtime = response.json<{ id: string; startsAt: string; endsAt: string }>();
    const queued = await deliveriesOf(announced.id);
    expect(queued).toMatchObject([{ eventType: 'downtime.announced', state: 'pending' }]);
    expect(await deliveriesOf(started.id)).toEqual([]);

    const running = await worker();
    try {
      await running.runOnce();
      await expect.poll(async () => (await deliveriesOf(announced.id))[0]!.state).toBe('delivered');
      const [arrived] = receiver.received.filter((request) => request.id === queued[0]!.eventId);
      expect(arrived!.verified).toBe(true);
      expect(JSON.parse(arrived!.body)).toEqual({
        type: 'downtime.announced',
        timestamp: expect.any(String),
        data: {
          id: queued[0]!.eventId,
          type: 'downtime.announced',
          time: expect.any(String),
          object: {
            type: 'service',
            id: service.serviceId,
            link: `${env.test.config.publicUrl}/sc/service/${service.id}`,
          },
          changes: {
            downtimeId: { old: null, new: downtime.id },
            severity: { old: null, new: 'degraded' },
            startsAt: { old: null, new: downtime.startsAt },
            endsAt: { old: null, new: downtime.endsAt },
            descriptionEn: { old: null, new: 'Network maintenance' },
            descriptionDe: { old: null, new: 'Netzwerkwartung' },
          },
        },
      });
    } finally {
      await running.stop();
    }
  });
});
