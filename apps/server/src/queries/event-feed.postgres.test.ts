import type { EventFeedPage, ServiceDetail } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { auditRowOf } from '../audit/record-audit.js';
import { auditEvents } from '../db/schema.js';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
const feed = async (after: string) => {
  const response = await env.test.app.inject({
    method: 'GET',
    url: `/api/events${after ? `?after=${after}` : ''}`,
    headers: bearer(env.world.people.admin!.token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventFeedPage>();
};

/**
 * The feed's cursor against transactions that commit out of order (docs/adr/0120-event-feed-and-signed-webhooks.md):
 * an event written by a transaction that began first and commits last is still after every cursor
 * handed out meanwhile, so a reader that polls never skips it.
 */
describe('the event feed and a transaction that commits late', () => {
  it('holds back events of later transactions while an earlier one is open, then gives both in order', async () => {
    const { db } = env.test.database;
    const slow = await createServiceInState(db, { objectOwnerId: env.world.people.alice!.id, name: 'Slow' });
    let start = (await feed('')).nextCursor;
    for (let page = await feed(start); page.items.length > 0; page = await feed(start)) start = page.nextCursor;

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wroteEvent = new Promise<void>((resolve) => (written = resolve));
    const late = db.transaction(async (tx) => {
      await tx.insert(auditEvents).values(
        auditRowOf(
          { id: null, name: 'system' },
          {
            action: 'service.transition',
            objectType: 'service',
            objectId: slow.id,
            before: { state: 'application_draft' },
            after: { state: 'application_withdrawn' },
          },
        ),
      );
      written();
      await released;
    });
    await wroteEvent;

    const quick = await env.test.app.inject({
      method: 'POST',
      url: '/api/services',
      payload: { name: 'Quick' },
      headers: bearer(env.world.people.alice!.token),
    });
    expect(quick.statusCode).toBe(201);
    const quickId = quick.json<ServiceDetail>().serviceId;

    const whileOpen = await feed(start);
    expect(whileOpen.items).toEqual([]);
    expect(whileOpen.nextCursor).toBe(start);

    release();
    await late;
    // The horizon is the cluster's: a write still open in another test file's database holds it
    // back too, so both events come once that one ends as well.
    await expect
      .poll(async () => (await feed(start)).items.map((event) => [event.object.id, event.type]), { timeout: 20_000 })
      .toEqual([
        [slow.serviceId, 'service.stateChanged'],
        [quickId, 'service.created'],
      ]);
  });
});
