import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../db/schema.js';
import { DEV_CLOCK_PATH } from '../config/config.js';
import { bearer, createTestApp } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

const clock = async (method: 'GET' | 'PUT' | 'DELETE', payload?: object) => {
  const response = await env.test.app.inject({ method, url: DEV_CLOCK_PATH, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { now: string; offsetMs: number };
};

describe('the development clock (beside the development IdP only)', () => {
  it('moves the time timed work reads, sessions keep real time, and the reset makes the jobs due again', async () => {
    const alice = env.world.people.alice!;
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: alice.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const announced = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${service.id}/downtimes`,
      headers: bearer(alice.token),
      payload: {
        severity: 'outage',
        startsAt: tomorrow.toISOString(),
        endsAt: new Date(tomorrow.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        descriptionEn: 'Upgrade',
      },
    });
    expect(announced.statusCode, announced.body).toBe(201);
    expect(announced.json().state).toBe('coming');

    const inside = new Date(tomorrow.getTime() + 60 * 60 * 1000);
    const moved = await clock('PUT', { at: inside.toISOString() });
    expect(Math.abs(Date.parse(moved.now) - inside.getTime())).toBeLessThan(60_000);
    expect(moved.offsetMs).toBeGreaterThan(0);
    // The job runs at the moved time: the outage starts; alice's session (real time) still works.
    const run = await env.test.app.inject({
      method: 'POST',
      url: '/api/scheduled-jobs/downtimes/run',
      headers: env.as('admin'),
      payload: { version: 0 },
    });
    expect(run.statusCode, run.body).toBe(200);
    const list = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${service.id}/downtimes`,
      headers: bearer(alice.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0].state).toBe('current');

    const reset = await clock('DELETE');
    expect(reset.offsetMs).toBe(0);
    // No job waits for the moved-away time.
    const jobs = await env.test.database.db.select().from(scheduledJobs);
    expect(jobs.every((job) => job.nextRunAt.getTime() <= Date.now())).toBe(true);
    expect((await clock('GET')).offsetMs).toBe(0);
  });

  it('refuses a moment that is none', async () => {
    const response = await env.test.app.inject({ method: 'PUT', url: DEV_CLOCK_PATH, payload: { at: 'tomorrow' } });
    expect(response.statusCode).toBe(400);
  });

  it('is not there without the development IdP', async () => {
    const other = await createTestApp({
      env: { OIDC_ISSUER: 'https://aai.example.org', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' },
    });
    try {
      expect(other.config.devIdp).toBe(false);
      expect(
        (await other.app.inject({ method: 'PUT', url: DEV_CLOCK_PATH, payload: { at: new Date().toISOString() } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await other.close();
    }
  });
});
