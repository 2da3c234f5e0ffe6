import { translate } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, mailSettings, serviceAdmins, users } from '../db/schema.js';
import { DEMO_ACCOUNTS } from '../dev-idp/accounts.js';
import { bearer, createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { startOutboxWorker, type OutboxWorker } from './outbox-worker.js';
import { smtpTransport } from './smtp-transport.js';

let test: TestApp;
let world: ServiceWorld;
let smtp: SmtpSink;
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  test = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example', PRODUCT_NAME: 'Nubes' } });
  world = await seedServiceWorld(test, await seedPrincipals(test));
  smtp = await startSmtpSink();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await test.database.db.delete(mailOutbox);
  await test.database.db.delete(mailSettings);
  smtp.received.length = 0;
});
afterAll(async () => {
  await smtp.close();
  await test.close();
});

const person = (name: string) => {
  const principal = world.people[name]!;
  return { ...principal, email: DEMO_ACCOUNTS.find((a) => a.username === name)!.email };
};
const token = (name: string) => world.people[name]!.token;

/** alice owns the service, bob is a further admin. */
const serviceIn = async (state: Parameters<typeof createServiceInState>[1]['state']) => {
  const row = await createServiceInState(test.database.db, {
    state,
    objectOwnerId: person('alice').id,
    providerInstitutionId: world.institutions.HPCN,
  });
  await test.database.db.insert(serviceAdmins).values({ serviceId: row.id, userId: person('bob').id });
  return row;
};

const transition = (user: string, id: string, action: string, version = 1) =>
  test.app.inject({
    method: 'POST',
    url: `/api/services/${id}/transitions`,
    payload: { action, version },
    headers: bearer(token(user)),
  });

const outbox = () => test.database.db.select().from(mailOutbox).orderBy(mailOutbox.toAddress);
/** A mail in the outbox as a write queues it, for the worker's tries. */
const queueOneMail = () =>
  test.database.db
    .insert(mailOutbox)
    .values({ kind: 'workflowStep', toAddress: 'someone@example.org', subject: 'Hello', body: 'Text' });

const worker = (options: Partial<Parameters<typeof startOutboxWorker>[0]> = {}) => {
  const started = startOutboxWorker({
    db: test.database.db,
    transport: smtpTransport(smtp.url),
    from: 'Nubes <noreply@portal.example>',
    pollMs: 60_000,
    ...options,
  });
  workers.push(started);
  return started;
};

describe('mails of a workflow step', () => {
  it('queues one mail per recipient in the step’s transaction: provider side and the managers next, not the actor', async () => {
    const service = await serviceIn('application_draft');
    const response = await transition('alice', service.id, 'completeApplication');
    expect(response.statusCode).toBe(200);

    const mails = await outbox();
    // bob (further admin) and paula (SPM: her work is next); alice acted herself.
    expect(mails.map((m) => m.toAddress)).toEqual([person('bob').email, person('paula').email].sort());
    expect(mails.every((m) => m.state === 'pending' && m.tries === 0 && m.kind === 'workflowStep')).toBe(true);
    const toPaula = mails.find((m) => m.toAddress === person('paula').email)!;
    expect(toPaula.subject).toBe(`[Nubes] ${service.name}: Application Received`);
    expect(toPaula.body).toContain('took the step "Complete application"');
    expect(toPaula.body).toContain(`https://portal.example/sc/service/${service.id}`);
    expect(toPaula.body).toContain('https://portal.example/profile/mail-settings');
  });

  it('sends the integration manager the step "ready for integration"', async () => {
    const service = await serviceIn('service_information_received');
    expect((await transition('paula', service.id, 'readyForIntegration')).statusCode).toBe(200);
    const to = (await outbox()).map((m) => m.toAddress);
    expect(to).toContain(person('ivan').email);
    expect(to).not.toContain(person('paula').email);
  });

  it('queues nothing for a step that fails or is rolled back', async () => {
    const service = await serviceIn('application_draft');
    expect((await transition('alice', service.id, 'completeApplication', 7)).statusCode).toBe(409);
    expect((await transition('nora', service.id, 'completeApplication')).statusCode).toBe(404);
    expect((await transition('alice', service.id, 'retire')).statusCode).toBe(409);
    expect(await outbox()).toEqual([]);
  });

  it('writes in the recipient’s language and skips those who switched the kind off or have no address', async () => {
    const service = await serviceIn('application_draft');
    await test.database.db.insert(mailSettings).values([
      { userId: person('paula').id, language: 'de' },
      { userId: person('bob').id, disabledKinds: ['workflowStep'] },
    ]);
    const [withoutAddress] = await test.database.db
      .insert(users)
      .values({ username: 'spm-no-mail', roles: ['servicePortfolioManager'] })
      .returning();
    expect((await transition('alice', service.id, 'completeApplication')).statusCode).toBe(200);
    const mails = await outbox();
    expect(mails.map((m) => m.toAddress)).toEqual([person('paula').email]);
    expect(mails[0]!.subject).toBe(`[Nubes] ${service.name}: ${translate('de', 'serviceStates.application_received')}`);
    expect(mails[0]!.body).toContain('Service öffnen: https://portal.example/sc/service/');
    await test.database.db.delete(users).where(eq(users.id, withoutAddress!.id));
  });

  it('writes in the language of the last login until the person chooses one', async () => {
    const service = await serviceIn('application_draft');
    await test.database.db
      .update(users)
      .set({ loginLanguage: 'de' })
      .where(eq(users.id, person('paula').id));
    try {
      expect((await transition('alice', service.id, 'completeApplication')).statusCode).toBe(200);
      const toPaula = async () => (await outbox()).find((m) => m.toAddress === person('paula').email);
      expect((await toPaula())!.body).toContain('Service öffnen:');
      // A language chosen in the mail settings wins over the login's.
      expect((await transition('alice', service.id, 'backToDraft', 2)).statusCode).toBe(200);
      await test.database.db.delete(mailOutbox);
      await test.database.db.insert(mailSettings).values({ userId: person('paula').id, language: 'en' });
      expect((await transition('alice', service.id, 'completeApplication', 3)).statusCode).toBe(200);
      expect((await toPaula())!.body).toContain('Open the service:');
    } finally {
      await test.database.db
        .update(users)
        .set({ loginLanguage: null })
        .where(eq(users.id, person('paula').id));
    }
  });
});

describe('mails of a comment', () => {
  it('goes to the provider side and both managers, quoting the comment', async () => {
    const service = await serviceIn('integration_planned');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/services/${service.id}/comments`,
      payload: { text: 'Backup plan attached.' },
      headers: bearer(token('ivan')),
    });
    expect(response.statusCode).toBe(201);
    const mails = await outbox();
    expect(mails.map((m) => m.toAddress).sort()).toEqual(
      [person('alice').email, person('bob').email, person('paula').email].sort(),
    );
    expect(mails[0]!.body).toContain('> Backup plan attached.');
    expect(mails.every((m) => m.kind === 'commentAdded')).toBe(true);
  });
});

describe('the outbox worker', () => {
  it('sends what a commit queued at once (poked after the commit) through a real SMTP server', async () => {
    const service = await serviceIn('application_draft');
    worker();
    expect((await transition('alice', service.id, 'completeApplication')).statusCode).toBe(200);
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([person('bob').email, person('paula').email].sort());
    expect(smtp.received[0]!.from).toBe('noreply@portal.example');
    // The SMTP server has the mails before the worker marks them sent: wait for the mark too.
    await expect
      .poll(
        async () => (await outbox()).every((m) => m.state === 'sent' && m.tries === 1 && m.sentAt && !m.claimToken),
        {
          timeout: 5_000,
        },
      )
      .toBe(true);
  });

  it('keeps a failed send visible with its error, tries again after the backoff and gives up after the last try', async () => {
    await queueOneMail();
    smtp.refuseNext(2, 'Try again later');
    const retrying = worker({ backoffMs: () => 0, maxTries: 2 });
    await retrying.runOnce();
    const [failed] = await outbox();
    expect(failed).toMatchObject({ state: 'failed', tries: 2 });
    expect(failed!.lastError).toContain('Try again later');
    expect(smtp.received).toEqual([]);
  });

  it('sends on a later try after a failure, keeping the count of tries', async () => {
    await queueOneMail();
    smtp.refuseNext(1);
    const retrying = worker({ backoffMs: () => 0 });
    await retrying.runOnce();
    const [sent] = await outbox();
    expect(sent).toMatchObject({ state: 'sent', tries: 2 });
    expect(smtp.received).toHaveLength(1);
  });

  it('survives an unreachable SMTP server: the mail waits with the error, nothing crashes', async () => {
    await queueOneMail();
    const errors: unknown[] = [];
    const broken = worker({
      transport: smtpTransport('smtp://user:hunter22@127.0.0.1:1'),
      secrets: ['hunter22'],
      onError: (e) => errors.push(e),
    });
    await broken.runOnce();
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ state: 'pending', tries: 1 });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting!.lastError).not.toContain('hunter22');
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(errors).toEqual([]);
  });
});

describe('mails of a review', () => {
  const reviewsOf = () =>
    test.app.inject({ method: 'GET', url: '/api/reviews?pageSize=50', headers: bearer(token('paula')) });

  it('asks the provider side of one service, not the portfolio manager who started it', async () => {
    const service = await serviceIn('service_online');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/services/${service.id}/review/start`,
      payload: { version: 0 },
      headers: bearer(token('paula')),
    });
    expect(response.statusCode).toBe(200);
    const mails = await outbox();
    expect(mails.map((m) => m.toAddress)).toEqual([person('alice').email, person('bob').email].sort());
    expect(mails.every((m) => m.kind === 'reviewStarted' && m.serviceId === service.id)).toBe(true);
    expect(mails[0]!.subject).toContain('review started');
  });

  it('queues the mails of every service a bulk start touches in its transaction, and none when it is refused', async () => {
    await serviceIn('service_online');
    await serviceIn('integration_planned');
    const count = (await reviewsOf()).json().eligible.start as number;
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/reviews/bulk',
      payload: { action: 'start', filters: {}, count: count + 1 },
      headers: bearer(token('paula')),
    });
    expect(refused.statusCode).toBe(409);
    expect(await outbox()).toEqual([]);
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/reviews/bulk',
      payload: { action: 'start', filters: {}, count },
      headers: bearer(token('paula')),
    });
    expect(started.statusCode).toBe(200);
    const mails = await outbox();
    const services = new Set(mails.map((m) => m.serviceId));
    expect(services.size).toBeGreaterThanOrEqual(2);
    expect(mails.every((m) => m.kind === 'reviewStarted')).toBe(true);
    expect(mails.some((m) => m.toAddress === person('paula').email)).toBe(false);
  });
});
