import { EMPTY_RETIREMENT_PLAN, type RetirementPlan, type ServiceDetail } from '@nubes/domain';
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

const ID = 'c0a80101-0000-4000-8000-000000000031';
const SLOW = { timeout: 10_000 };

const discontinued = (overrides: Partial<ServiceDetail> = {}): ServiceDetail =>
  serviceDetail({
    id: ID,
    name: 'Tape Archive',
    state: 'service_discontinued',
    actions: ['retire'],
    ...overrides,
    permissions: { ...serviceDetail().permissions, readRetirementPlan: true, editRetirementPlan: true },
  });

const EMPTY_PLAN: RetirementPlan = {
  ...EMPTY_RETIREMENT_PLAN,
  successor: null,
  version: 0,
  editable: true,
  problems: {
    reason: 'validation.required',
    plannedEndOn: 'validation.required',
    usersToldOn: 'validation.required',
    usersToldHow: 'validation.required',
    dataExportUntil: 'validation.required',
    dataDeletionOn: 'validation.required',
  },
};

const serve = (plan: RetirementPlan, saved?: RetirementPlan) =>
  fakeApi({
    [`GET /api/services/${ID}`]: () => discontinued(),
    [`GET /api/services/${ID}/history`]: () => ({ items: [], nextCursor: null }),
    [`GET /api/services/${ID}/change-requests`]: () => ({ canCreate: false, locked: false, items: [] }),
    [`GET /api/services/${ID}/retirement-plan`]: () => plan,
    [`PUT /api/services/${ID}/retirement-plan`]: () => saved ?? plan,
    'GET /api/services': () => ({
      items: [
        {
          id: 'c0a80101-0000-4000-8000-000000000032',
          serviceId: 'SVC-00032',
          name: 'Tape Archive Next',
          state: 'service_online',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    }),
  });

describe('the retirement plan of an offboarding service', () => {
  it('says what retiring still needs, and the retire step refuses at once naming the missing items', async () => {
    const calls = serve(EMPTY_PLAN);
    renderApp({ path: `/sc/service/${ID}?tab=retirementPlan`, user: PEOPLE.paula });
    const status = (await screen.findByText('The plan is not complete yet', {}, SLOW)).closest('[role="status"]');
    expect(status).not.toBeNull();
    expect(status).toHaveTextContent('Planned end: This field cannot be empty');

    const steps = await screen.findByRole('group', { name: 'Next steps' });
    fireEvent.click(within(steps).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('These fields need attention')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reason for retiring: This field cannot be empty' })).toBeInTheDocument();
    // Refused before asking: no dialog, nothing sent.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);
  });

  it('fills in the plan in its dialog and saves it with the version it read', async () => {
    const saved: RetirementPlan = {
      ...EMPTY_PLAN,
      reason: 'Hardware end of life',
      plannedEndOn: '2027-06-30',
      version: 1,
      problems: { usersToldOn: 'validation.required' },
    };
    const calls = serve(EMPTY_PLAN, saved);
    renderApp({ path: `/sc/service/${ID}?tab=retirementPlan`, user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Fill in the plan' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Retirement plan of Tape Archive' });
    fireEvent.change(within(dialog).getByLabelText(/Reason for retiring/), {
      target: { value: 'Hardware end of life' },
    });
    const end = within(dialog).getByLabelText(/Planned end/);
    fireEvent.change(end, { target: { value: '30.6.2027' } });
    fireEvent.blur(end);
    // Users told after the end: the day to change is named, nothing is sent.
    const told = within(dialog).getByLabelText(/Users told on/);
    fireEvent.change(told, { target: { value: '1.7.2027' } });
    fireEvent.blur(told);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the plan' }));
    expect(await within(dialog).findByText('Users must be told before the planned end.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);

    fireEvent.change(told, { target: { value: '' } });
    fireEvent.blur(told);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the plan' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      reason: 'Hardware end of life',
      plannedEndOn: '2027-06-30',
      usersToldOn: null,
      usersToldHow: null,
      dataExportUntil: null,
      dataDeletionOn: null,
      successorId: null,
      version: 0,
    });
    expect(await screen.findByText('Users told on: This field cannot be empty')).toBeInTheDocument();
  });
});
