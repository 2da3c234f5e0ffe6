import {
  isRequiredAt,
  sampleFieldValue,
  SERVICE_FIELDS,
  type FieldDefinition,
  type ServiceDetail,
  type FieldStep,
} from '@nubes/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadScreenMessages } from '../../../i18n/i18n';
import { fakeApi, writesOf } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';
import { serviceDetail } from '../../../test/serviceDetail';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

const ID = 'c0a80101-0000-4000-8000-000000000021';
const SLOW = { timeout: 10_000 };

const online = (overrides: Partial<ServiceDetail> = {}): ServiceDetail =>
  serviceDetail({
    id: ID,
    name: 'Object Storage',
    state: 'service_online',
    actions: ['notAvailable', 'fullCapacityReached', 'discontinue'],
    ...overrides,
  });

/** The service's GET, its empty lists, and the step's POST answering `after`. */
const serve = (service: ServiceDetail, after: ServiceDetail = service) =>
  fakeApi({
    [`GET /api/services/${ID}`]: () => service,
    [`GET /api/services/${ID}/history`]: () => ({ items: [], nextCursor: null }),
    [`GET /api/services/${ID}/change-requests`]: () => ({ canCreate: false, locked: service.lock !== null, items: [] }),
    [`POST /api/services/${ID}/transitions`]: () => after,
  });

const nextSteps = () => screen.findByRole('group', { name: 'Next steps' }, SLOW);

describe('steps that pause a live service', () => {
  it('are secondary actions and ask first, naming the public effect, with a reason and an expected end', async () => {
    const calls = serve(
      online(),
      online({
        state: 'service_not_available',
        version: 4,
        statusNotice: { reason: 'New disks', expectedEnd: '2999-03-31' },
        actions: ['online', 'fullCapacityReached'],
      }),
    );
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    const steps = await nextSteps();
    expect(within(steps).getByRole('button', { name: 'Not available' })).toHaveAttribute('data-variant', 'default');
    expect(within(steps).getByRole('button', { name: 'Full capacity reached' })).toHaveAttribute(
      'data-variant',
      'default',
    );

    fireEvent.click(within(steps).getByRole('button', { name: 'Not available' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not available' });
    expect(dialog).toHaveTextContent('The public portfolio shows the service as “Service not available” to everyone');
    expect(writesOf(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason shown to users'), { target: { value: 'New disks' } });
    const end = within(dialog).getByLabelText('Expected end');
    fireEvent.change(end, { target: { value: '31.3.2999' } });
    fireEvent.blur(end);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not available' }));

    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      action: 'notAvailable',
      version: 3,
      notice: { reason: 'New disks', expectedEnd: '2999-03-31' },
    });
    // The header says what the public reads now.
    const shown = await screen.findByRole('region', { name: 'Shown to the public' });
    expect(shown).toHaveTextContent('New disks');
    expect(shown).toHaveTextContent('Expected until 31.3.2999');
  });

  it('refuses an expected end in the past at the field and sends nothing; cancelling changes nothing', async () => {
    const calls = serve(online());
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    fireEvent.click(within(await nextSteps()).getByRole('button', { name: 'Full capacity reached' }));
    const dialog = await screen.findByRole('dialog', { name: 'Full capacity reached' });
    expect(dialog).toHaveTextContent('new users know it takes no more for now');
    const end = within(dialog).getByLabelText('Expected end');
    fireEvent.change(end, { target: { value: '1.1.2000' } });
    fireEvent.blur(end);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Full capacity reached' }));
    expect(await within(dialog).findByText('The expected end cannot lie in the past.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writesOf(calls)).toEqual([]);
  });

  it('asks before going back online, saying the notice goes', async () => {
    const calls = serve(
      online({
        state: 'service_not_available',
        statusNotice: { reason: 'New disks', expectedEnd: null },
        actions: ['online', 'fullCapacityReached'],
      }),
      online(),
    );
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    fireEvent.click(within(await nextSteps()).getByRole('button', { name: 'Online' }));
    const dialog = await screen.findByRole('dialog', { name: 'Online' });
    expect(dialog).toHaveTextContent('shows the service as online again');
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Online' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({ action: 'online', version: 3 });
  });
});

describe('going online', () => {
  it('asks first, naming the public effect, once the service would pass; says at once what is missing otherwise', async () => {
    const calls = serve(online({ state: 'integration_completed', actions: ['online'], fields: {} }));
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.paula });
    fireEvent.click(within(await nextSteps()).getByRole('button', { name: 'Online' }));
    expect(await screen.findByRole('alert', { name: 'These fields need attention' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
  });
});

describe('the change request lock', () => {
  it('shows the service information read-only with the reason, also to the portfolio manager', async () => {
    serve(
      online({
        lock: { changeRequestId: 'c0a80101-0000-4000-8000-0000000000cc', state: 'handed_in' },
        permissions: { ...serviceDetail().permissions, edit: true },
      }),
    );
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.paula });
    const notice = await screen.findByRole('status', { name: /locked by a change request/ }, SLOW);
    expect(notice).toHaveTextContent('not even the portfolio manager');
    expect(within(notice).getByRole('link', { name: 'Open the change request' })).toHaveAttribute(
      'href',
      `/sc/service/${ID}?tab=changeRequests`,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('says the same on the Edit Service form, which then saves nothing directly', async () => {
    serve(
      online({
        lock: { changeRequestId: 'c0a80101-0000-4000-8000-0000000000cc', state: 'released' },
        permissions: { ...serviceDetail().permissions, edit: true },
      }),
    );
    renderApp({ path: `/sc/service-online-form/${ID}`, user: PEOPLE.paula });
    const notice = await screen.findByRole('status', { name: /locked by a change request/ }, SLOW);
    expect(notice).toHaveTextContent('released and waits to be applied');
    expect(screen.queryByText(/waits for the portfolio manager/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

const REFS = {
  contactId: 'c0a80101-0000-4000-8000-0000000000ee',
  institutionId: 'c0a80101-0000-4000-8000-0000000000ee',
};

/** The domain's sample value of the field's type, as the service's answer carries it. */
const sampleValue = (field: FieldDefinition): ServiceDetail['fields'][string] => {
  const value = sampleFieldValue(field, REFS);
  return Array.isArray(value) ? [...value] : (value as Exclude<typeof value, readonly string[]>);
};

const filledFor = (step: FieldStep) =>
  Object.fromEntries(
    SERVICE_FIELDS.filter((field) => isRequiredAt(field, step) && field.type !== 'keywords').map((field) => [
      field.key,
      sampleValue(field),
    ]),
  );

describe('Check on the service information', () => {
  const draftService = (fields: ServiceDetail['fields'], keywords: ServiceDetail['keywords'] = []) =>
    serviceDetail({
      id: ID,
      name: 'Object Storage',
      state: 'service_information_draft',
      actions: ['submitServiceInformation'],
      fields,
      keywords,
    });

  it('lists what the next step would refuse, each a link to its field, and changes nothing', async () => {
    const calls = serve(draftService({}));
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }, SLOW));
    const result = await screen.findByRole('status', { name: 'Validation not passed' });
    expect(result).toHaveTextContent(/fields do not pass the checks of “Submit service information”/);
    const links = within(result).getAllByRole('button');
    expect(links.length).toBeGreaterThan(1);
    expect(writesOf(calls)).toEqual([]);
  });

  it('asks before the first time online when the values pass, naming the public effect', async () => {
    const calls = serve(
      online({
        state: 'integration_completed',
        actions: ['online'],
        fields: filledFor('online'),
        keywords: [{ id: 'c0a80101-0000-4000-8000-0000000000ef', name: 'storage' }],
      }),
      online(),
    );
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.paula });
    fireEvent.click(within(await nextSteps()).getByRole('button', { name: 'Online' }));
    const dialog = await screen.findByRole('dialog', { name: 'Online' });
    expect(dialog).toHaveTextContent('the public portfolio lists it from now on');
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Online' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
  });

  it('says "Validation passed" when the values pass the next step’s rule', async () => {
    const calls = serve(
      draftService(filledFor('serviceInformation'), [{ id: 'c0a80101-0000-4000-8000-0000000000ef', name: 'storage' }]),
    );
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Check' }, SLOW));
    const result = await screen.findByRole('status', { name: 'Validation passed' });
    expect(result).toHaveTextContent(
      'Everything the next step “Submit service information” needs is filled in correctly.',
    );
    expect(writesOf(calls)).toEqual([]);
  });
});
