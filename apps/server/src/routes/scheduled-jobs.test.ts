import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

const now = new Date('2027-06-01T09:00:00Z');
const env = useTestApp({ clock: () => now });
const { as } = env;
const list = (username: string | null) =>
  env.test.app.inject({ method: 'GET', url: '/api/scheduled-jobs', headers: as(username) });
const run = (username: string | null, name: string, payload: object) =>
  env.test.app.inject({ method: 'POST', url: `/api/scheduled-jobs/${name}/run`, headers: as(username), payload });

/** A job as the list shows it before its first run. */
const neverRun = (name: string, intervalMinutes: number) => ({
  name,
  intervalMinutes,
  lastRunAt: null,
  nextRunAt: null,
  lastError: null,
  runCount: 0,
  version: 0,
});

describe('the scheduled jobs', () => {
  it('answers 401 without a session and 403 to anyone but the portal manager', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list('paula')).statusCode).toBe(403);
    expect((await run(null, 'reviewSchedule', { version: 0 })).statusCode).toBe(401);
    expect((await run('paula', 'reviewSchedule', { version: 0 })).statusCode).toBe(403);
  });

  it('refuses an unknown job or a body without a version with 400', async () => {
    expect((await run('admin', 'cleanEverything', { version: 0 })).statusCode).toBe(400);
    expect((await run('admin', 'reviewSchedule', {})).statusCode).toBe(400);
  });

  it('lists each job, runs one now at the clock’s moment (audited), and answers 409 for a stale version', async () => {
    const before = await list('admin');
    expect(before.statusCode).toBe(200);
    expect(before.json().items).toEqual([
      neverRun('reviewSchedule', 60),
      neverRun('pilotNotices', 60),
      neverRun('downtimes', 1),
    ]);
    const ran = await run('admin', 'reviewSchedule', { version: 0 });
    expect(ran.statusCode).toBe(200);
    expect(ran.json()).toMatchObject({
      name: 'reviewSchedule',
      lastRunAt: now.toISOString(),
      nextRunAt: new Date(now.getTime() + 3_600_000).toISOString(),
      runCount: 1,
      lastError: null,
    });
    expect((await run('admin', 'reviewSchedule', { version: 0 })).statusCode).toBe(409);
    const events = await env.test.database.db
      .select({ actorName: auditEvents.actorName, objectId: auditEvents.objectId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'scheduledJob.runRequested'));
    expect(events).toEqual([{ actorName: 'admin', objectId: 'reviewSchedule' }]);
  });
});
