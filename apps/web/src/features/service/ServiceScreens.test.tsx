import { DEFAULT_WEIGHTING_CRITERIA, type ServiceDetail } from '@nubes/domain';
import { serviceDetail } from '../../test/serviceDetail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';

/**
 * The screens against a fake of the HTTP API (the contract's paths and shapes): what the user
 * sees and what is sent. The real server is exercised by the e2e spec.
 */

// Two cores running several suites: give lazily loaded screens more than the default second.

const ID = 'c0a80101-0000-4000-8000-000000000001';

const detail = (overrides: Partial<ServiceDetail> = {}): ServiceDetail => serviceDetail({ id: ID, ...overrides });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body?: unknown };

/** fetch answering `METHOD /path` from the handlers; everything else is 404 in the API's error shape. */
const fakeApi = (handlers: Record<string, Handler>) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      const answer = handler ? handler(call) : { status: 404, body: { error: 'not_found', message: 'Not found.' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
};

const ok = (body: unknown) => () => ({ status: 200, body });
const empty = ok({ items: [] });
const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('New Service Application', () => {
  it('refuses to save without a name: "Please add a title" at the field, focus there, nothing sent', async () => {
    const calls = fakeApi({ 'GET /api/institutions': empty });
    renderApp({ path: '/sc/service-application', user: PEOPLE.alice });
    // The screen's chunk is transformed on first use; that can take a while.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New Service Application' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByRole('textbox', { name: /Service name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    const messageId = name.getAttribute('aria-describedby')!.split(/\s+/)[0]!;
    expect(document.getElementById(messageId)).toHaveTextContent('Please add a title');
    expect(await screen.findByText('Field cannot be empty')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(writes(calls)).toEqual([]);
  });

  it('creates the application with the name and the filled fields, then opens its edit route', async () => {
    const created = detail({ name: 'Sync & Share' });
    const calls = fakeApi({
      'GET /api/institutions': empty,
      'POST /api/services': () => ({ status: 201, body: created }),
      [`GET /api/services/${ID}`]: ok(created),
    });
    renderApp({ path: '/sc/service-application', user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Service name/ }), {
      target: { value: ' Sync & Share ' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Short description/ }), { target: { value: 'Files' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Service Application' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/sc/service-application/${ID}`);
    expect(await screen.findByText('Service created')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/services', body: { name: 'Sync & Share', fields: { shortDescription: 'Files' } } },
    ]);
  });
});

describe('Edit Service Application', () => {
  it('says "Nothing to save" when nothing changed and sends nothing', async () => {
    const calls = fakeApi({ 'GET /api/institutions': empty, [`GET /api/services/${ID}`]: ok(detail()) });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing to save')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('refuses a save with a format error: "Please resolve errors before saving"', async () => {
    const calls = fakeApi({ 'GET /api/institutions': empty, [`GET /api/services/${ID}`]: ok(detail()) });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Current users/ }), { target: { value: 'many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please resolve errors before saving')).toBeInTheDocument();
    expect(screen.getByText('Cannot save Service')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid number')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('sends only the changes with the version it read', async () => {
    const calls = fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: ok(detail()),
      [`PATCH /api/services/${ID}`]: ok(detail({ version: 4, fields: { motivation: 'Needed' } })),
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Motivation/ }), { target: { value: 'Needed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service updated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `/api/services/${ID}`, body: { fields: { motivation: 'Needed' }, version: 3 } },
    ]);
  });

  it('a save conflict keeps what was typed, shows their value beside it and waits for a choice per field', async () => {
    let version = 3;
    const theirs = detail({
      version: 4,
      fields: { ...detail().fields, motivation: 'Their reason', website: 'https://theirs.example.org' },
    });
    const calls = fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: () => ({ status: 200, body: version === 3 ? detail() : theirs }),
      [`PATCH /api/services/${ID}`]: (call) => {
        if ((call.body as { version: number }).version === 3) {
          version = 4;
          return {
            status: 409,
            body: {
              error: 'conflict',
              message:
                'This object was changed in the meantime, so your change was not saved. Check its current state and try again.',
            },
          };
        }
        return { status: 200, body: { ...theirs, version: 5, fields: { ...theirs.fields, motivation: 'Needed' } } };
      },
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Motivation/ }), { target: { value: 'Needed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // What was typed stays; their value stands beside it, the changed words marked.
    const notice = await screen.findByTestId('save-conflict');
    expect(notice).toHaveTextContent('Someone else saved first');
    expect(screen.getByRole('textbox', { name: /Motivation/ })).toHaveValue('Needed');
    const row = notice.querySelector('[data-field="motivation"]')!;
    expect(row).toHaveTextContent('Saved by someone else');
    expect(row.querySelector('del')).toHaveTextContent('Their');
    expect(row.querySelector('ins')).toHaveTextContent('Needed');
    // A field only they changed takes their value, and says so.
    expect(notice).toHaveTextContent(/Taken from their save, as you had not changed them: .*Website/);

    // The save waits for the choice.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose for 1 more field before saving.', { selector: 'p' })).toBeVisible();
    expect(writes(calls)).toHaveLength(1);

    fireEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    expect(within(notice).getByRole('button', { name: 'Keep mine' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]).toEqual({
      method: 'PATCH',
      path: `/api/services/${ID}`,
      body: { fields: { motivation: 'Needed' }, version: 4 },
    });
  });

  it('a save conflict: "Take theirs" puts their value into the field', async () => {
    const theirs = detail({ version: 4, fields: { ...detail().fields, motivation: 'Their reason' } });
    let conflicted = false;
    fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: () => ({ status: 200, body: conflicted ? theirs : detail() }),
      [`PATCH /api/services/${ID}`]: () => {
        conflicted = true;
        return { status: 409, body: { error: 'conflict', message: 'Changed meanwhile.' } };
      },
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Motivation/ }), { target: { value: 'Needed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('save-conflict');
    fireEvent.click(within(notice).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Motivation/ })).toHaveValue('Their reason'));
    expect(screen.queryByText('Choose for 1 more field before saving.')).toBeNull();
  });

  it('keeps unsaved edits through a lost session and offers to discard them (ADR 12)', async () => {
    fakeApi({ 'GET /api/institutions': empty, [`GET /api/services/${ID}`]: ok(detail()) });
    const first = renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Motivation/ }), { target: { value: 'Half written' } });
    first.unmount();

    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('textbox', { name: /Motivation/ })).toHaveValue('Half written');
    expect(screen.getByText('Your unsaved changes from before are back in the form.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('textbox', { name: /Motivation/ })).toHaveValue('');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('does not complete with fields missing: "Cannot complete application", fields marked, focus on the first', async () => {
    const calls = fakeApi({ 'GET /api/institutions': empty, [`GET /api/services/${ID}`]: ok(detail()) });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete application' }));
    expect(await screen.findByText('Cannot complete application')).toBeInTheDocument();
    expect(screen.getByText('Validation not passed: the marked fields need attention.')).toBeInTheDocument();
    const first = screen.getByRole('textbox', { name: /Short description/ });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(writes(calls)).toEqual([]);
  });

  it('completes a valid application and says "status changed" with the new status', async () => {
    const filled = detail({
      fields: {
        shortDescription: 'Files',
        description: 'Sync and share',
        serviceCategory: 'storage',
        targetGroup: ['researchers'],
        motivation: 'Needed',
        currentUsers: 40,
      },
    });
    const calls = fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: ok(filled),
      [`POST /api/services/${ID}/transitions`]: ok({ ...filled, state: 'application_received', version: 4 }),
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.click(await screen.findByRole('button', { name: 'Complete application' }));
    expect(await screen.findByText('Status changed')).toBeInTheDocument();
    expect(screen.getByText('The new status is Application Received.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/services/${ID}/transitions`,
        body: { action: 'completeApplication', version: 3 },
      },
    ]);
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${ID}`));
  });
});

describe('Service Catalogue view', () => {
  const inInformation = detail({ state: 'service_information_draft', actions: ['submitServiceInformation'] });

  it('says "Cannot find Service" for a service that is not there (or not visible)', async () => {
    fakeApi({});
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cannot find Service' })).toBeInTheDocument();
  });

  it('keeps the tab in the URL and shows the tabs as tabs', async () => {
    fakeApi({ [`GET /api/services/${ID}`]: ok(inInformation), 'GET /api/weighting-criteria': empty });
    renderApp({ path: `/sc/service/${ID}?tab=weighting`, user: PEOPLE.alice });
    expect(await screen.findByRole('tab', { name: 'Weighting criteria', selected: true })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Manage status' }));
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${ID}?tab=status`));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The steps you can take now are at the top of the page.');
  });

  it('refuses to leave an information page with an error ("Cannot change page"), then moves on', async () => {
    fakeApi({ [`GET /api/services/${ID}`]: ok(inInformation), 'GET /api/institutions': empty });
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { name: 'Page 1 of 12: General' })).toBeInTheDocument();
    const website = screen.getByRole('textbox', { name: /Website/ });
    fireEvent.change(website, { target: { value: 'www.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Cannot change page')).toBeInTheDocument();
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Please enter a valid url, e.g.: https://www.example.org')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page 1 of 12: General' })).toBeInTheDocument();

    fireEvent.change(website, { target: { value: 'https://www.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('heading', { name: 'Page 2 of 12: How to access' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/sc/service/${ID}?tab=information&page=how_access`);
    // What was typed on page 1 is still there.
    fireEvent.click(screen.getByRole('button', { name: /^1\. General/ }));
    expect(await screen.findByRole('textbox', { name: /Website/ })).toHaveValue('https://www.example.org');
  });

  it('reads the information on one page with contents linking to each section; editing stays paged', async () => {
    const readOnly = detail({
      state: 'service_online',
      actions: [],
      fields: { website: 'https://cloud.example.org' },
      permissions: { ...detail().permissions, edit: false },
    });
    fakeApi({ [`GET /api/services/${ID}`]: ok(readOnly) });
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.alice });
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links).toHaveLength(12);
    expect(links[0]).toHaveTextContent('General');
    const target = links[1]!.getAttribute('href')!.slice(1);
    expect(document.getElementById(target)).toHaveAccessibleName('How to access');
    // Every section on the page at once, no page buttons.
    expect(screen.getByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How to access' })).toBeInTheDocument();
    expect(screen.getByText('https://cloud.example.org')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('the portfolio manager edits an online service on its information tab, and the header offers no second editor', async () => {
    const online = detail({
      state: 'service_online',
      actions: [],
      fields: { website: 'https://cloud.example.org' },
      permissions: { ...detail().permissions, edit: true, changeRequests: true },
    });
    fakeApi({ [`GET /api/services/${ID}`]: ok(online), 'GET /api/institutions': empty });
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.paula });
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit service' })).not.toBeInTheDocument();
  });

  it('offers exactly the actions of the answer and asks before retiring', async () => {
    const discontinued = detail({
      state: 'service_discontinued',
      actions: ['retire'],
      permissions: { ...detail().permissions, edit: true },
    });
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(discontinued),
      [`POST /api/services/${ID}/transitions`]: () => ({
        status: 403,
        body: { error: 'forbidden', message: 'You have insufficient permission to change the status' },
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.paula });
    const steps = await screen.findByRole('group', { name: 'Next steps' });
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Retire']);
    fireEvent.click(within(steps).getByRole('button', { name: 'Retire' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you really want to retire the service? There is no way back.');
    expect(writes(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retire' }));
    expect(await screen.findByText('Workflow failed')).toBeInTheDocument();
    expect(screen.getByText('You have insufficient permission to change the status')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `/api/services/${ID}/transitions`, body: { action: 'retire', version: 3 } },
    ]);
  });

  it('asks before withdrawing the service offer: cancel sends nothing, confirm changes the status', async () => {
    const planned = detail({
      state: 'service_planned',
      actions: ['withdrawServiceOffer', 'backToServiceInformationDraft'],
    });
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(planned),
      [`POST /api/services/${ID}/transitions`]: () => ({
        status: 200,
        body: detail({ state: 'service_offer_withdrawn', version: 4, actions: [] }),
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=status`, user: PEOPLE.alice });
    const steps = await screen.findByRole('group', { name: 'Next steps' });
    fireEvent.click(within(steps).getByRole('button', { name: 'Withdraw service offer' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Do you really want to withdraw the service offer? Only a portfolio manager can reactivate it.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([]);

    fireEvent.click(within(steps).getByRole('button', { name: 'Withdraw service offer' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw service offer' }));
    expect(await screen.findByText('Status changed')).toBeInTheDocument();
    expect(screen.getByText('The new status is Service Offer Withdrawn.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/services/${ID}/transitions`,
        body: { action: 'withdrawServiceOffer', version: 3 },
      },
    ]);
  });

  it('requests a new service owner by picking a person; the requester does not decide', async () => {
    const daniel = {
      id: '3c4d5e6f-0000-4000-8000-000000000003',
      username: 'dwagner',
      fullname: 'Daniel Wagner',
      email: 'd@example.org',
    };
    const manager = detail({
      state: 'service_information_draft',
      permissions: { ...detail().permissions, requestRoleChange: true },
    });
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(manager),
      'GET /api/users': ok({ items: [daniel] }),
      [`POST /api/services/${ID}/role-changes`]: ok({
        ...manager,
        roleChanges: [
          {
            id: 'rc-1',
            role: 'serviceOwner',
            user: daniel,
            requestedBy: null,
            reason: 'Takes over',
            state: 'pending',
            createdAt: '2026-11-22T09:30:00.000Z',
          },
        ],
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=responsibilities`, user: PEOPLE.alice });
    const form = await screen.findByRole('form', { name: 'Request a change' });
    const picker = within(form).getByRole('combobox', { name: /Proposed person/ });
    // Mantine takes a change of an unfocused combobox for autofill, so type into it as a person would.
    picker.focus();
    fireEvent.change(picker, { target: { value: 'Dan' } });
    // jsdom computes no layout, so the positioned dropdown counts as hidden there.
    fireEvent.click(await screen.findByRole('option', { name: 'Daniel Wagner (d@example.org)', hidden: true }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Takes over' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Request change' }));

    expect(await screen.findByText('Requested: Daniel Wagner as Service owner.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/users')).toBe(true);
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: `/api/services/${ID}/role-changes`,
        body: { role: 'serviceOwner', userId: daniel.id, reason: 'Takes over' },
      },
    ]);
    const pending = screen.getByRole('region', { name: 'Pending requests' });
    expect(within(pending).getByRole('row', { name: /Daniel Wagner/ })).toHaveTextContent('22.11.2026, 10:30');
    // Deciding is the portfolio manager's: alice sees no buttons for it.
    expect(within(pending).queryByRole('button', { name: /^Accept/ })).toBeNull();
  }, 20_000);

  it('checks an upload before sending it: an empty file is refused ("File is empty!")', async () => {
    const active = detail({ state: 'service_information_draft', documentsActive: true });
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(active),
      [`GET /api/services/${ID}/documents`]: empty,
    });
    renderApp({ path: `/sc/service/${ID}?tab=documents`, user: PEOPLE.alice });
    const input = await screen.findByLabelText('File');
    fireEvent.change(input, { target: { files: [new File([], 'empty.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Cannot upload File')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/File is empty!/);
    expect(writes(calls)).toEqual([]);
  }, 20_000);

  it('lets the portfolio manager accept a pending request', async () => {
    const daniel = { id: 'u-3', username: 'dwagner', fullname: 'Daniel Wagner', email: 'd@example.org' };
    const pending = detail({
      state: 'service_information_draft',
      permissions: { ...detail().permissions, decideRoleChange: true },
      roleChanges: [
        {
          id: 'rc-1',
          role: 'serviceManager',
          user: daniel,
          requestedBy: null,
          reason: '',
          state: 'pending',
          createdAt: '2026-11-22T09:30:00.000Z',
        },
      ],
    });
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(pending),
      [`POST /api/services/${ID}/role-changes/rc-1/decision`]: ok({
        ...pending,
        version: 4,
        roles: { ...pending.roles, serviceManager: daniel },
        roleChanges: [{ ...pending.roleChanges[0]!, state: 'accepted' }],
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=responsibilities`, user: PEOPLE.paula });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Daniel Wagner as Service manager' }));
    expect(await screen.findByText('Daniel Wagner is now Service manager.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Service manager' })).toHaveTextContent('Daniel Wagner (d@example.org)');
    expect(screen.getByText('No requests are waiting for a decision.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `/api/services/${ID}/role-changes/rc-1/decision`, body: { accept: true } },
    ]);
  });
});

describe('Leaving unsaved edits', () => {
  const inInformation = detail({ state: 'service_information_draft', actions: ['submitServiceInformation'] });
  const criteria = ok({ items: DEFAULT_WEIGHTING_CRITERIA });

  it('asks before a tab switch drops weighting answers: stay keeps them, discard switches', async () => {
    const calls = fakeApi({ [`GET /api/services/${ID}`]: ok(inInformation), 'GET /api/weighting-criteria': criteria });
    renderApp({ path: `/sc/service/${ID}?tab=weighting`, user: PEOPLE.alice });
    const answer = await screen.findByRole('combobox', { name: 'Initiated by' });
    fireEvent.change(answer, { target: { value: 'alliance' } });
    expect(answer).toHaveValue('alliance');

    fireEvent.click(screen.getByRole('tab', { name: 'Manage status' }));
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent('Your changes on this tab are not saved yet.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentLocation()).toBe(`/sc/service/${ID}?tab=weighting`);
    expect(screen.getByRole('combobox', { name: 'Initiated by' })).toHaveValue('alliance');

    fireEvent.click(screen.getByRole('tab', { name: 'Manage status' }));
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${ID}?tab=status`));
    expect(writes(calls)).toEqual([]);
  });

  it('saves only the changed weighting answers with the version it read', async () => {
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(inInformation),
      'GET /api/weighting-criteria': criteria,
      [`PATCH /api/services/${ID}`]: ok({
        ...inInformation,
        version: 4,
        weighting: { initiatedBy: 'alliance' },
        score: 6,
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=weighting`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Initiated by' }), { target: { value: 'alliance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save weighting' }));
    expect(await screen.findByText('The score of the service is now 6.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `/api/services/${ID}`, body: { weighting: { initiatedBy: 'alliance' }, version: 3 } },
    ]);
    // Saved: switching tabs no longer asks.
    fireEvent.click(screen.getByRole('tab', { name: 'Manage status' }));
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${ID}?tab=status`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches tabs without asking when nothing is unsaved, and keeps information edits across tabs', async () => {
    fakeApi({
      [`GET /api/services/${ID}`]: ok(inInformation),
      'GET /api/weighting-criteria': criteria,
      'GET /api/institutions': empty,
    });
    renderApp({ path: `/sc/service/${ID}?tab=information`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Website/ }), {
      target: { value: 'https://cloud.example.org' },
    });
    // The information draft lives above the tabs: a tab switch loses nothing, so it does not ask.
    fireEvent.click(screen.getByRole('tab', { name: 'Weighting criteria' }));
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${ID}?tab=weighting`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Service information' }));
    expect(await screen.findByRole('textbox', { name: /Website/ })).toHaveValue('https://cloud.example.org');
  });

  it('asks before an in-app link leaves a form with unsaved edits', async () => {
    fakeApi({ 'GET /api/institutions': empty, [`GET /api/services/${ID}`]: ok(detail()) });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    fireEvent.change(await screen.findByRole('textbox', { name: /Motivation/ }), { target: { value: 'Half' } });
    fireEvent.click(screen.getByRole('link', { name: 'Open the service view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay here' }));
    expect(currentLocation()).toBe(`/sc/service-application/${ID}`);
    expect(screen.getByRole('textbox', { name: /Motivation/ })).toHaveValue('Half');
  });

  it('lets the browser ask before the page unloads with unsaved edits, and not without', async () => {
    fakeApi({ 'GET /api/institutions': empty, [`GET /api/services/${ID}`]: ok(detail()) });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    const motivation = await screen.findByRole('textbox', { name: /Motivation/ });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(motivation, { target: { value: 'Half' } });
    await waitFor(() => expect(unload()).toBe(true));
    fireEvent.change(motivation, { target: { value: '' } });
    await waitFor(() => expect(unload()).toBe(false));
  });
});

describe('History and weighting on the data table', () => {
  const criteria = ok({ items: DEFAULT_WEIGHTING_CRITERIA });

  it('lists the history newest first, with dates as the portal shows them', async () => {
    fakeApi({
      [`GET /api/services/${ID}`]: ok(detail()),
      'GET /api/weighting-criteria': criteria,
      [`GET /api/services/${ID}/history`]: ok({
        items: [
          {
            id: 'h3',
            at: '2024-01-06T08:03:00Z',
            actor: 'Alice Adler',
            action: 'service.updated',
            changes: [
              { field: 'shortDescription', before: null, after: 'Files' },
              { field: 'website', before: 'https://old.example.org', after: null },
            ],
          },
          {
            id: 'h2',
            at: '2024-01-05T08:03:00Z',
            actor: 'Paula Portfolio',
            action: 'service.transition',
            changes: [{ field: 'state', before: 'application_draft', after: 'application_received' }],
          },
          { id: 'h1', at: '2023-12-24T23:30:00Z', actor: 'Alice Adler', action: 'service.create', changes: [] },
        ],
        nextCursor: null,
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=history`, user: PEOPLE.alice });
    await screen.findByRole('cell', { name: '5.1.2024, 09:03' });
    const table = screen.getByRole('table', { name: /History, sorted by When, descending/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '6.1.2024, 09:03',
      '5.1.2024, 09:03',
      '25.12.2023, 00:30',
    ]);
    // Every field old → new, a value set the first time or removed too.
    expect(rows[0]).toHaveTextContent('Short description: (empty) → Files');
    expect(rows[0]).toHaveTextContent('Website: https://old.example.org → (empty)');
    expect(rows[1]).toHaveTextContent('Application Draft → Application Received');
    expect(rows[2]).toHaveTextContent('Alice Adler');
  });

  it('names each weighting row by its criterion and announces the total in the footer', async () => {
    fakeApi({
      [`GET /api/services/${ID}`]: ok(detail({ state: 'service_information_draft' })),
      'GET /api/weighting-criteria': criteria,
    });
    renderApp({ path: `/sc/service/${ID}?tab=weighting`, user: PEOPLE.alice });
    const answer = await screen.findByRole('combobox', { name: 'Initiated by' });
    const total = screen.getByRole('row', { name: /Score of the service/ });
    expect(within(total).getByRole('rowheader')).toHaveTextContent('Score of the service');
    expect(within(total).getByRole('cell')).toHaveAttribute('aria-live', 'polite');
    fireEvent.change(answer, { target: { value: 'alliance' } });
    const row = screen.getByRole('row', { name: /Initiated by/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Initiated by');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['3', '2', '6']);
    expect(within(total).getByRole('cell')).toHaveTextContent('6');
  });
});

describe('Dates and files', () => {
  it('takes a German date (5.1.2024) and saves it as the catalogue stores it', async () => {
    const calls = fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: ok(detail()),
      [`PATCH /api/services/${ID}`]: ok(detail({ version: 4, fields: { plannedStart: '2024-01-05' } })),
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    const date = await screen.findByRole('textbox', { name: /Planned start/ });
    date.focus();
    fireEvent.change(date, { target: { value: '5.1.2024' } });
    fireEvent.blur(date);
    await waitFor(() => expect(date).toHaveValue('5.1.2024'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service updated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `/api/services/${ID}`, body: { fields: { plannedStart: '2024-01-05' }, version: 3 } },
    ]);
  });

  it('uploads a file dropped onto the drop zone; refuses a type the server would refuse', async () => {
    const active = detail({ state: 'service_information_draft', documentsActive: true });
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: ok(active),
      [`GET /api/services/${ID}/documents`]: empty,
      [`POST /api/services/${ID}/documents`]: () => ({
        status: 201,
        body: {
          id: 'd-1',
          filename: 'plan.pdf',
          contentType: 'application/pdf',
          size: 4,
          uploadedBy: 'Alice Example',
          createdAt: '2026-11-22T09:30:00.000Z',
        },
      }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=documents`, user: PEOPLE.alice });
    const zone = (await screen.findByRole('button', { name: 'Choose a file' })).closest('.file-dropzone')!;

    fireEvent.drop(zone, { dataTransfer: { files: [new File(['MZ'], 'tool.exe')], types: ['Files'] } });
    expect(await screen.findByText('Chosen: tool.exe (2 B)')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Cannot upload File')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toHaveAccessibleDescription(
      /This file type is not accepted/,
    );
    expect(writes(calls)).toEqual([]);

    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })], types: ['Files'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual([`POST /api/services/${ID}/documents`]);
    expect(screen.getByText('No file chosen')).toBeInTheDocument();
  }, 20_000);
});

describe('Upload progress', () => {
  it('shows how much of a large file went out while the upload runs, then the file in the list', async () => {
    const active = detail({ state: 'service_information_draft', documentsActive: true });
    let answer: (response: Response) => void = () => undefined;
    const uploaded = new Promise<Response>((resolve) => (answer = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (init?.method === 'POST' && path === `/api/services/${ID}/documents`) return uploaded;
        const body = path === `/api/services/${ID}` ? active : path.endsWith('/documents') ? { items: [] } : null;
        return new Response(JSON.stringify(body ?? { error: 'not_found', message: 'Not found.' }), {
          status: body ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderApp({ path: `/sc/service/${ID}?tab=documents`, user: PEOPLE.alice });
    const zone = (await screen.findByRole('button', { name: 'Choose a file' })).closest('.file-dropzone')!;
    const big = new File([new Uint8Array(4 * 1024 * 1024)], 'handbook.pdf', { type: 'application/pdf' });
    fireEvent.drop(zone, { dataTransfer: { files: [big], types: ['Files'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const bar = await screen.findByRole('progressbar', { name: 'Uploading handbook.pdf: 50 %' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    answer(
      new Response(
        JSON.stringify({
          id: 'd-2',
          filename: 'handbook.pdf',
          contentType: 'application/pdf',
          size: big.size,
          uploadedBy: 'Alice Example',
          createdAt: '2026-11-22T09:30:00.000Z',
        }),
        { status: 201, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    expect(await screen.findByText('File uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
  }, 20_000);
});

describe('Edit Service (online form)', () => {
  const CR = 'c0a80101-0000-4000-8000-0000000000cc';
  const online = () =>
    detail({ state: 'service_online', permissions: { ...detail().permissions, edit: false, changeRequests: true } });
  const request = (state: 'draft' | 'handed_in', version: number) => ({
    id: CR,
    service: { id: ID, serviceId: 'SVC-00001', name: online().name, state: 'service_online' },
    state,
    version,
    fromIntegrationManager: false,
    author: null,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
    fields: [],
    actions: state === 'draft' ? ['update', 'handIn', 'withdraw'] : ['withdraw'],
    refs: { users: {}, institutions: {} },
  });

  it('turns the provider side’s edits into a change request and hands it in', async () => {
    const calls = fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: ok(online()),
      [`GET /api/services/${ID}/change-requests`]: ok({ canCreate: true, locked: false, items: [] }),
      [`POST /api/services/${ID}/change-requests`]: () => ({ status: 201, body: request('draft', 1) }),
      [`POST /api/change-requests/${CR}/hand-in`]: ok(request('handed_in', 2)),
    });
    renderApp({ path: `/sc/service-online-form/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Service' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'General', selected: true })).toBeInTheDocument();
    fireEvent.change(await screen.findByRole('textbox', { name: /Short description/ }), {
      target: { value: 'Faster' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hand in change request' }));
    expect(await screen.findByText('Change request sent')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `/api/services/${ID}/change-requests`, body: { fields: { shortDescription: 'Faster' } } },
      { method: 'POST', path: `/api/change-requests/${CR}/hand-in`, body: { version: 1 } },
    ]);
  });

  it('shows a handed-in request read-only, with a neutral notice that it waits, and no fields to edit', async () => {
    fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: ok(online()),
      [`GET /api/services/${ID}/change-requests`]: ok({
        canCreate: false,
        locked: true,
        items: [request('handed_in', 2)],
      }),
    });
    renderApp({ path: `/sc/service-online-form/${ID}`, user: PEOPLE.alice });
    expect(
      await screen.findByText('The change request waits for the portfolio manager', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show the change request' })).toBeInTheDocument();
    expect(screen.getByText('Handed in', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save change request' })).toBeNull();
    expect(screen.queryByText('Contact information cannot be changed')).toBeNull();
  });

  it('sends the portfolio manager to the service information tab, the one editor of the fields', async () => {
    fakeApi({
      'GET /api/institutions': empty,
      [`GET /api/services/${ID}`]: ok(detail({ state: 'service_online' })),
      [`GET /api/services/${ID}/change-requests`]: ok({ canCreate: false, locked: false, items: [] }),
    });
    renderApp({ path: `/sc/service-online-form/${ID}`, user: PEOPLE.paula });
    const link = await screen.findByRole('link', { name: 'Edit the service information' }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', `/sc/service/${ID}?tab=information`);
    expect(screen.queryByRole('textbox', { name: /Short description/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});

describe('the provider centre on the application form', () => {
  const HPCN = { id: 'c0a80101-0000-4000-8000-0000000000a1', abbreviation: 'HPCN', name: 'HPC Centre North' };
  const DCS = { id: 'c0a80101-0000-4000-8000-0000000000a2', abbreviation: 'DCS', name: 'Datacenter South' };
  const KLC = { id: 'c0a80101-0000-4000-8000-0000000000a3', abbreviation: 'KLC', name: 'Küstenlabor Computing' };
  const institutions = ok({ items: [HPCN, DCS, KLC] });
  const offered = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers a provider only their own centre on a new application, locked, and sends no other', async () => {
    const created = detail({ name: 'Mine', providerInstitution: HPCN });
    const calls = fakeApi({
      'GET /api/institutions': institutions,
      'GET /api/services/centre-choice': ok({ anyCentre: false, own: HPCN }),
      'POST /api/services': () => ({ status: 201, body: created }),
      [`GET /api/services/${ID}`]: ok(created),
    });
    renderApp({ path: '/sc/service-application', user: PEOPLE.alice });
    const provider = await screen.findByRole('combobox', { name: /Provider/ }, { timeout: 10_000 });
    await waitFor(() => expect(offered(provider)).toEqual(['HPCN – HPC Centre North']));
    expect(provider).toBeDisabled();
    expect(provider).toHaveValue(HPCN.id);
    expect(screen.getByText(/only the service portfolio manager places a service under another/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Service name/ }), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service created')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/services', body: { name: 'Mine' } }]);
  });

  it('offers a provider the service’s current centre and their own, no other', async () => {
    fakeApi({
      'GET /api/institutions': institutions,
      'GET /api/services/centre-choice': ok({ anyCentre: false, own: HPCN }),
      [`GET /api/services/${ID}`]: ok(detail({ providerInstitution: DCS })),
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.alice });
    const provider = await screen.findByRole('combobox', { name: /Provider/ }, { timeout: 10_000 });
    await waitFor(() => expect(offered(provider)).toEqual(['HPCN – HPC Centre North', 'DCS – Datacenter South']));
    expect(provider).toBeEnabled();
    expect(provider).toHaveValue(DCS.id);
  });

  it('lets the portfolio manager choose any centre', async () => {
    const calls = fakeApi({
      'GET /api/institutions': institutions,
      'GET /api/services/centre-choice': ok({ anyCentre: true, own: null }),
      [`GET /api/services/${ID}`]: ok(detail({ providerInstitution: HPCN })),
      [`PATCH /api/services/${ID}`]: ok(detail({ version: 4, providerInstitution: KLC })),
    });
    renderApp({ path: `/sc/service-application/${ID}`, user: PEOPLE.paula });
    const provider = await screen.findByRole('combobox', { name: /Provider/ }, { timeout: 10_000 });
    await waitFor(() =>
      expect(offered(provider)).toEqual([
        'Not chosen',
        'HPCN – HPC Centre North',
        'DCS – Datacenter South',
        'KLC – Küstenlabor Computing',
      ]),
    );
    fireEvent.change(provider, { target: { value: KLC.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service updated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `/api/services/${ID}`, body: { providerInstitutionId: KLC.id, version: 3 } },
    ]);
  });
});
