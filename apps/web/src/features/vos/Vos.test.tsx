import type { VoDetails, VoListItem } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, reply, writesOf } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';
import { adminAuthApi, logInAgain, sessionEnded } from '../../test/sessionEnd';

const VO_ID = 'c0a80101-0000-4000-8000-0000000000e1';
const VICTOR_ID = 'c0a80101-0000-4000-8000-0000000000f1';
const DANA_ID = 'c0a80101-0000-4000-8000-0000000000f2';
const NORTH = 'c0a80101-0000-4000-8000-0000000000a1';
const STORAGE = 'c0a80101-0000-4000-8000-0000000000d1';

const vo = (over: Partial<VoDetails> = {}): VoDetails => ({
  id: VO_ID,
  name: 'climate-lab',
  state: 'application_draft',
  version: 2,
  termsConfirmed: true,
  policiesAccepted: false,
  description: 'Climate models',
  homeInstitutionId: NORTH,
  deputyId: DANA_ID,
  securityContactEmail: 'security@example.org',
  expectedMembers: 12,
  serviceIds: [STORAGE],
  aupAdditions: '',
  applicant: { id: VICTOR_ID, username: 'victor', fullname: 'Victor VO', email: 'victor@example.org' },
  deputy: { id: DANA_ID, username: 'dana', fullname: 'Dana Deputy', email: 'dana@example.org' },
  homeInstitution: { id: NORTH, abbreviation: 'HPCN', name: 'HPC Centre North' },
  services: [{ id: STORAGE, serviceId: 'SVC-1', name: 'Object Storage' }],
  termsConfirmation: { by: null, at: '2026-11-22T08:15:00.000Z' },
  policiesAcceptance: null,
  createdAt: '2026-11-22T08:15:00.000Z',
  updatedAt: '2026-11-22T09:15:00.000Z',
  actions: ['send', 'withdraw'],
  canEdit: true,
  comments: [],
  entitlement: null,
  ...over,
});

const institutions = {
  items: [
    { id: NORTH, abbreviation: 'HPCN', name: 'HPC Centre North', url: '', isCentre: true, isServiceProvider: true },
  ],
};
const settings = {
  policies: [{ name: 'WISE Baseline AUP', url: 'https://wise-community.org/wise-baseline-aup/' }],
  entitlementNamespace: 'nubes.example.org',
  entitlementAuthority: 'aai.nubes.example.org',
  entitlementPattern: 'urn:geant:nubes.example.org:group:<VO name>#aai.nubes.example.org',
};
const common = {
  'GET /api/institutions': () => institutions,
  'GET /api/vo-settings': () => settings,
  'GET /api/vos/service-options': () => ({ items: [{ id: STORAGE, serviceId: 'SVC-1', name: 'Object Storage' }] }),
  'GET /api/vos/name-check': () => ({ name: 'x', ok: true, rule: null, message: null }),
  [`GET /api/vos/${VO_ID}/history`]: () => ({ items: [], nextCursor: null }),
};

const item = (over: Partial<VoListItem>): VoListItem => ({
  id: VO_ID,
  name: 'climate-lab',
  state: 'application_draft',
  applicant: 'Victor VO',
  deputy: 'Dana Deputy',
  mine: true,
  waitingForReview: false,
  updatedAt: '2026-11-22T09:15:00.000Z',
  entitlement: null,
  ...over,
});

describe('VO application', () => {
  it('saves only with a name, says why a name is refused, then creates the draft', async () => {
    const calls = fakeApi({
      ...common,
      'POST /api/vos': (call) => reply(201, vo({ ...(call.body as object), policiesAccepted: false })),
      [`GET /api/vos/${VO_ID}`]: () => vo(),
    });
    renderApp({ path: '/vo/vo-application', user: PEOPLE.victor });
    expect(await screen.findByRole('heading', { name: 'Page 1 of 4: Terms of use' })).toBeInTheDocument();
    // The confirmation's label sits beside its box: clicking the words ticks it.
    fireEvent.click(screen.getByLabelText('I confirm the terms of use'));
    expect(screen.getByRole('checkbox', { name: 'I confirm the terms of use' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot save VO Application')).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /VO name/ });
    expect(screen.getByRole('heading', { name: /Page 3 of 4/ })).toBeInTheDocument();
    expect(screen.getByText('This field cannot be empty. Please enter a name for your VO')).toBeInTheDocument();
    await waitFor(() => expect(name).toHaveFocus());

    fireEvent.change(name, { target: { value: 'climate lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'A VO name may hold only letters, digits, hyphens (-) and underscores (_), without spaces',
      ),
    ).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'climate-lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('VO application created')).toBeInTheDocument();
    expect(writesOf(calls)[0]).toMatchObject({
      method: 'POST',
      path: '/api/vos',
      body: { name: 'climate-lab', termsConfirmed: true },
    });
    await waitFor(() => expect(currentLocation()).toBe(`/vo/vo-application/${VO_ID}?page=general`));
  });

  it('keeps what was typed in an application through a session the server ended, and after the login again', async () => {
    fakeApi({ ...common, [`GET /api/vos/${VO_ID}`]: () => vo(), [`PATCH /api/vos/${VO_ID}`]: sessionEnded });
    const path = `/vo/vo-application/${VO_ID}?page=general`;
    renderApp({ path, user: PEOPLE.admin, api: adminAuthApi() });
    const email = await screen.findByRole('textbox', { name: 'Security contact e-mail' });
    fireEvent.change(email, { target: { value: 'csirt@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await logInAgain(path);
    expect(await screen.findByRole('textbox', { name: 'Security contact e-mail' })).toHaveValue('csirt@example.org');
    expect(screen.getByText('Your unsaved changes from before are back in the form.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('textbox', { name: 'Security contact e-mail' })).toHaveValue('security@example.org');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('shows the name rules only the server knows on the name', async () => {
    fakeApi({
      ...common,
      'POST /api/vos': () =>
        apiError(400, 'invalid_input', 'Please check the highlighted fields.', {
          name: 'A VO name may not start with “HPCN”: it is the abbreviation of the centre HPC Centre North',
        }),
    });
    renderApp({ path: '/vo/vo-application?page=general', user: PEOPLE.victor });
    fireEvent.change(await screen.findByRole('textbox', { name: /VO name/ }), { target: { value: 'HPCN-lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cannot save VO Application')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'A VO name may not start with “HPCN”: it is the abbreviation of the centre HPC Centre North',
      ),
    ).toBeInTheDocument();
    // The verdict was on that name: once it changes, the message goes, and the page list no longer marks it.
    expect(screen.getByRole('navigation', { name: 'Pages of the VO application' })).toHaveTextContent('1 to fix');
    fireEvent.change(screen.getByRole('textbox', { name: /VO name/ }), { target: { value: 'lab-north' } });
    await waitFor(() =>
      expect(
        screen.queryByText(
          'A VO name may not start with “HPCN”: it is the abbreviation of the centre HPC Centre North',
        ),
      ).toBeNull(),
    );
    expect(screen.getByRole('navigation', { name: 'Pages of the VO application' })).not.toHaveTextContent('to fix');
  });

  it("names the deputy from the VO API's people and picks services among those online", async () => {
    const calls = fakeApi({
      ...common,
      'GET /api/vos/user-options': () => ({
        items: [{ id: DANA_ID, username: 'dana', fullname: 'Dana Deputy', email: 'dana@example.org' }],
      }),
      'POST /api/vos': (call) => reply(201, vo({ ...(call.body as object) })),
      [`GET /api/vos/${VO_ID}`]: () => vo(),
    });
    renderApp({ path: '/vo/vo-application?page=general', user: PEOPLE.victor });
    expect(await screen.findByText('Victor VO (victor@example.org)')).toBeInTheDocument();
    fireEvent.change(await screen.findByRole('textbox', { name: /VO name/ }), { target: { value: 'climate-lab' } });
    const deputy = screen.getByRole('combobox', { name: /Deputy VO manager/ });
    // Mantine takes a change of an unfocused combobox for autofill, so type into it as a person would.
    deputy.focus();
    fireEvent.change(deputy, { target: { value: 'Dan' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Dana Deputy (dana@example.org)', hidden: true }));
    const services = screen.getAllByLabelText(/Services the VO wants to use/)[0]!;
    services.focus();
    fireEvent.click(services);
    fireEvent.click(await screen.findByRole('option', { name: 'Object Storage', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('VO application created')).toBeInTheDocument();
    expect(writesOf(calls)[0]!.body).toMatchObject({ deputyId: DANA_ID, serviceIds: [STORAGE] });
    expect(calls.some((call) => call.path === '/api/users')).toBe(false);
  });

  it('refuses to leave a page with an error ("Cannot change page")', async () => {
    fakeApi({ ...common, [`GET /api/vos/${VO_ID}`]: () => vo() });
    renderApp({ path: `/vo/vo-application/${VO_ID}?page=general`, user: PEOPLE.victor });
    const email = await screen.findByRole('textbox', { name: 'Security contact e-mail' });
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Cannot change page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Page 3 of 4/ })).toBeInTheDocument();
    fireEvent.change(email, { target: { value: 'security@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: 'Page 4 of 4: VO acceptable use policy' })).toBeInTheDocument();
  });

  it('refuses to send without the AAI policies accepted, then sends', async () => {
    const calls = fakeApi({
      ...common,
      [`GET /api/vos/${VO_ID}`]: () => vo(),
      [`PATCH /api/vos/${VO_ID}`]: (call) => vo({ ...(call.body as object), version: 3 }),
      [`POST /api/vos/${VO_ID}/transitions`]: () => vo({ state: 'application_received', version: 4, actions: [] }),
    });
    renderApp({ path: `/vo/vo-application/${VO_ID}`, user: PEOPLE.victor });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to send VO Application')).toBeInTheDocument();
    expect(
      screen.getByText('Please complete these fields first: I accept the policies of the AAI'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Page 2 of 4: AAI policies' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /WISE Baseline AUP/ })).toHaveAttribute('target', '_blank');
    expect(writesOf(calls)).toHaveLength(0);

    // Until it is complete, Save is the main action and the page list says what is left.
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('data-variant', 'outline');
    expect(screen.getByRole('navigation', { name: 'Pages of the VO application' })).toHaveTextContent('1 to fix');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the policies of the AAI' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('data-variant', 'filled'));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('data-variant', 'default');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('VO application status changed')).toBeInTheDocument();
    expect(writesOf(calls).map((call) => [call.method, call.path])).toEqual([
      ['PATCH', `/api/vos/${VO_ID}`],
      ['POST', `/api/vos/${VO_ID}/transitions`],
    ]);
    expect(writesOf(calls)[0]!.body).toMatchObject({ policiesAccepted: true, version: 2 });
    expect(writesOf(calls)[1]!.body).toEqual({ action: 'send', version: 3 });
    await waitFor(() => expect(currentLocation()).toBe(`/vo/virtual-organisation/${VO_ID}`));
  });

  it('keeps what was typed when someone else changed the VO (409) and offers their value beside it', async () => {
    let version = 2;
    fakeApi({
      ...common,
      [`GET /api/vos/${VO_ID}`]: () =>
        vo({ version, description: version > 2 ? 'Changed elsewhere' : 'Climate models' }),
      [`PATCH /api/vos/${VO_ID}`]: () => {
        version = 3;
        return apiError(409, 'conflict', 'Someone else changed this VO application. It was loaded again.');
      },
    });
    renderApp({ path: `/vo/vo-application/${VO_ID}?page=general`, user: PEOPLE.victor });
    const description = await screen.findByRole('textbox', { name: 'Description and purpose' });
    fireEvent.change(description, { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('save-conflict');
    expect(screen.getByRole('textbox', { name: 'Description and purpose' })).toHaveValue('Mine');
    expect(notice).toHaveTextContent(/Changed elsewhere/);
    fireEvent.click(within(notice).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Description and purpose' })).toHaveValue('Changed elsewhere'),
    );
  });
});

describe('My VOs', () => {
  it('lists the own VOs with state and last edit and offers a new application', async () => {
    fakeApi({
      'GET /api/vos': () => ({
        items: [
          item({}),
          item({
            id: 'c0a80101-0000-4000-8000-0000000000e2',
            name: 'astro',
            state: 'vo_available',
            entitlement: 'urn:geant:nubes.example.org:group:astro#aai.nubes.example.org',
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 100,
      }),
    });
    renderApp({ path: '/vo/my-vos', user: PEOPLE.victor });
    const table = await screen.findByRole('table', { name: /^My VOs/ });
    expect(await within(table).findByRole('link', { name: 'climate-lab' })).toHaveAttribute(
      'href',
      `/vo/virtual-organisation/${VO_ID}`,
    );
    expect(within(table).getByText('VO Available')).toBeInTheDocument();
    expect(
      within(table).getByText('urn:geant:nubes.example.org:group:astro#aai.nubes.example.org'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Applications waiting/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New VO Application' })).toHaveAttribute('href', '/vo/vo-application');
  });

  it('shows a supervisor the applications waiting for review first, without a new application', async () => {
    fakeApi({
      'GET /api/vos': () => ({
        items: [item({ state: 'application_received', mine: false, waitingForReview: true })],
        total: 1,
        page: 1,
        pageSize: 100,
      }),
    });
    renderApp({ path: '/vo/vo-registration', user: PEOPLE.sven });
    expect(await screen.findByRole('heading', { level: 1, name: 'VO Registration' })).toBeInTheDocument();
    const waiting = await screen.findByRole('table', { name: /^Applications waiting for your review/ });
    expect(await within(waiting).findByRole('link', { name: 'climate-lab' })).toBeInTheDocument();
    expect(within(waiting).getByText('Victor VO')).toBeInTheDocument();
    expect(screen.getByText('You manage no VO yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New VO Application' })).not.toBeInTheDocument();
  });
});

describe('VO view', () => {
  it('lets a supervisor send an application back to draft only with a comment', async () => {
    const calls = fakeApi({
      ...common,
      [`GET /api/vos/${VO_ID}`]: () =>
        vo({ state: 'application_received', actions: ['approve', 'backToDraft'], canEdit: false }),
      [`POST /api/vos/${VO_ID}/transitions`]: () =>
        vo({
          state: 'application_draft',
          version: 3,
          actions: [],
          canEdit: false,
          comments: [
            {
              id: 'k1',
              author: { id: 's', username: 'sven', fullname: 'Sven Supervisor', email: '' },
              text: 'Please name a second service.',
              action: 'backToDraft',
              fromState: 'application_received',
              toState: 'application_draft',
              createdAt: '2026-11-23T10:00:00.000Z',
            },
          ],
        }),
    });
    renderApp({ path: `/vo/virtual-organisation/${VO_ID}`, user: PEOPLE.sven });
    expect(await screen.findByRole('heading', { level: 1, name: 'climate-lab' })).toBeInTheDocument();
    expect(screen.getByText('Application Received')).toBeInTheDocument();
    expect(screen.getByText('Object Storage')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit VO application' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Back to draft' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to draft' }));
    expect(await within(dialog).findByText('Please write what the VO managers should change')).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Comment/ }), {
      target: { value: 'Please name a second service.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to draft' }));
    expect(await screen.findByText('VO application status changed')).toBeInTheDocument();
    expect(writesOf(calls)[0]!.body).toEqual({
      action: 'backToDraft',
      version: 2,
      comment: 'Please name a second service.',
    });
    expect(await screen.findByText('Please name a second service.')).toBeInTheDocument();
  });

  it('asks before approving and shows the entitlement of an available VO ready to copy', async () => {
    const calls = fakeApi({
      ...common,
      [`GET /api/vos/${VO_ID}`]: () =>
        vo({
          state: 'vo_available',
          actions: [],
          canEdit: false,
          entitlement: 'urn:geant:nubes.example.org:group:climate-lab#aai.nubes.example.org',
        }),
    });
    renderApp({ path: `/vo/virtual-organisation/${VO_ID}`, user: PEOPLE.victor });
    expect(
      await screen.findByText('urn:geant:nubes.example.org:group:climate-lab#aai.nubes.example.org'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy entitlement' })).toBeInTheDocument();
    expect(screen.getByText('You can take no step on this VO now.')).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);
  });

  it('says "Cannot find VO" for a VO the user may not see', async () => {
    fakeApi({ ...common });
    renderApp({ path: `/vo/virtual-organisation/${VO_ID}`, user: PEOPLE.victor });
    expect(await screen.findByRole('heading', { name: 'Cannot find VO' })).toBeInTheDocument();
  });
});
