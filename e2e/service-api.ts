import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  isRequiredAt,
  sampleFieldValue,
  SERVICE_FIELDS,
  todayIso,
  type FieldStep,
  type WorkflowAction,
} from '@nubes/domain';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect } from './fixtures.js';
import { loggedInState } from './login.js';

/**
 * A service set up through the API, for a walk whose point starts later in a service's life. The
 * screens of the earlier steps are walked by service-screens.spec.ts; here each step is a request
 * by the person who would take it, so the service's history names the same people a walk through
 * the screens leaves (docs/testing.md).
 */

/** One person's API: their session from this worker's login, and the header a cookie's writes send. */
const apiOf = async (browser: Browser, who: string) => {
  const context = await browser.newContext({
    storageState: await loggedInState(browser, who),
    extraHTTPHeaders: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
  });
  return { request: context.request, close: () => context.close() };
};

const ok = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> => {
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
};

interface Written {
  id: string;
  version: number;
}

interface ServiceSetUp {
  /** The object owner, who applies. */
  owner: string;
  name: string;
  keyword: string;
  /** The values filled in are those every step up to this one needs, and no more. */
  filledFor: FieldStep;
  /** The steps taken after the application is saved, each by its person. */
  steps: ReadonlyArray<readonly [who: string, action: WorkflowAction]>;
}

/** Creates the service as `owner` and takes `steps`; answers its uuid. */
export const serviceThroughApi = async (browser: Browser, setUp: ServiceSetUp): Promise<string> => {
  const owner = await apiOf(browser, setUp.owner);
  const people = await ok<{ items: { id: string; username: string }[] }>(
    await owner.request.get(`/api/users?q=${setUp.owner}`),
    'the owner',
  );
  const me = people.items.find(({ username }) => username === setUp.owner)!;
  const keywords = await ok<{ items: { id: string }[] }>(
    await owner.request.post('/api/keywords', { data: { names: [setUp.keyword] } }),
    'the keyword',
  );
  const fields = Object.fromEntries(
    SERVICE_FIELDS.filter((field) => field.type !== 'keywords' && isRequiredAt(field, setUp.filledFor)).map((field) => [
      field.key,
      sampleFieldValue(field, { contactId: me.id }),
    ]),
  );
  const created = await ok<Written>(
    await owner.request.post('/api/services', {
      data: { name: setUp.name, fields, keywords: keywords.items.map(({ id }) => id) },
    }),
    'the application',
  );
  await owner.close();
  let version = created.version;
  for (const [who, action] of setUp.steps) {
    const person = await apiOf(browser, who);
    const moved = await ok<Written>(
      await person.request.post(`/api/services/${created.id}/transitions`, { data: { action, version } }),
      `${action} as ${who}`,
    );
    version = moved.version;
    await person.close();
  }
  return created.id;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Saves a complete retirement plan of a discontinued service as `who`, so a walk can retire it:
 * retirement-plan.spec.ts walks the plan's screen (docs/adr/0122-retirement-plan.md).
 */
export const completeRetirementPlanThroughApi = async (browser: Browser, who: string, id: string): Promise<void> => {
  const person = await apiOf(browser, who);
  const day = (offset: number) => todayIso(new Date(Date.now() + offset * DAY_MS));
  const plan = await ok<{ version: number }>(
    await person.request.get(`/api/services/${id}/retirement-plan`),
    'the plan',
  );
  await ok(
    await person.request.put(`/api/services/${id}/retirement-plan`, {
      data: {
        reason: 'Replaced by a newer service',
        plannedEndOn: day(90),
        usersToldOn: day(0),
        usersToldHow: 'A mail to every user',
        dataExportUntil: day(120),
        dataDeletionOn: day(180),
        successorId: null,
        version: plan.version,
      },
    }),
    'the complete plan',
  );
  await person.close();
};

/** Gives roles of a service to people (by username), as `who` would in the Responsibilities tab. */
export const serviceRolesThroughApi = async (
  browser: Browser,
  who: string,
  serviceId: string,
  roles: Partial<Record<'serviceOwner' | 'serviceManager' | 'providerManager', string>>,
): Promise<void> => {
  const person = await apiOf(browser, who);
  const service = await ok<Written>(await person.request.get(`/api/services/${serviceId}`), 'the service');
  const data: Record<string, string | number> = { version: service.version };
  for (const [role, username] of Object.entries(roles)) {
    const found = await ok<{ items: { id: string; username: string }[] }>(
      await person.request.get(`/api/users?q=${encodeURIComponent(username)}`),
      username,
    );
    data[`${role}Id`] = found.items.find((user) => user.username === username)!.id;
  }
  await ok(await person.request.put(`/api/services/${serviceId}/roles`, { data }), 'the roles');
  await person.close();
};

interface Webhook {
  id: string;
  url: string;
  eventTypes: string[];
  description: string;
  version: number;
  secret: string;
}

/**
 * Registers a webhook to `url` for `eventTypes` as the portal manager, as the Admin Panel's
 * Webhooks section does (webhooks.spec.ts walks that screen); answers its secret and a stop that
 * switches it off, so a later walk's changes go to no receiver that is gone.
 */
export const webhookThroughApi = async (
  browser: Browser,
  url: string,
  eventTypes: string[],
): Promise<{ secret: string; stop: () => Promise<void> }> => {
  const admin = await apiOf(browser, 'admin');
  const hook = await ok<Webhook>(
    await admin.request.post('/api/webhooks', { data: { url, eventTypes, active: true, description: url } }),
    'the webhook',
  );
  await admin.close();
  return {
    secret: hook.secret,
    stop: async () => {
      const again = await apiOf(browser, 'admin');
      const { id, url: target, eventTypes: types, description, version } = hook;
      await ok(
        await again.request.put(`/api/webhooks/${id}`, {
          data: { url: target, eventTypes: types, description, active: false, version },
        }),
        'the webhook switched off',
      );
      await again.close();
    },
  };
};
