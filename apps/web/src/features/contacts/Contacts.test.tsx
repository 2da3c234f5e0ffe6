import type { Contact, ContactList, ContactRow } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, reply, streamPage, writesOf, type FakeCall } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';
import { adminAuthApi, logInAgain, sessionEnded } from '../../test/sessionEnd';
import { contactsView } from './contactsView';
import { expectExportLinks } from '../../test/exportLinks';

const NORTH = 'c0a80101-0000-4000-8000-0000000000a1';
const ID = 'c0a80101-0000-4000-8000-0000000000c1';
const SERVICE = 'c0a80101-0000-4000-8000-0000000000d1';

const row: ContactRow = {
  id: ID,
  firstname: 'Jürgen',
  lastname: 'Müller',
  email: 'j.mueller@example.org',
  emailNotPersonal: false,
  institution: { id: NORTH, abbreviation: 'HPCN', name: 'HPC Centre North' },
  otherInstitution: '',
  city: 'Göttingen',
  propertyKinds: ['platform'],
  updatedAt: '2026-11-22T08:15:00.000Z',
};
const contact = (over: Partial<Contact> = {}): Contact => ({
  ...row,
  institutionId: NORTH,
  notes: 'Runs the storage',
  addresses: [
    { id: 'a1', street: 'Hauptstraße 1', postalCode: '37073', city: 'Göttingen', country: 'Germany', primary: true },
  ],
  properties: [{ id: 'p1', kind: 'platform', value: 'OpenStack' }],
  relations: [],
  userAccount: null,
  version: 3,
  createdAt: '2026-11-20T08:15:00.000Z',
  ...over,
});
const list = (items: ContactRow[]): ContactList => ({
  items,
  total: items.length,
  totalExact: true,
  page: 1,
  pageSize: 50,
});
const institutions = {
  items: [
    { id: NORTH, abbreviation: 'HPCN', name: 'HPC Centre North', url: '', isCentre: true, isServiceProvider: true },
  ],
};
const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/contacts');

describe('Contact Database', () => {
  it('keeps search and filters in the URL and offers the view as CSV and JSON', async () => {
    const calls = fakeApi({ 'GET /api/contacts': () => list([row]), 'GET /api/institutions': () => institutions });
    renderApp({ path: '/cd/contact-database?q=m%C3%BCl&propertyKind=platform', user: PEOPLE.carla });
    const link = await screen.findByRole('link', { name: 'Müller, Jürgen' });
    expect(link).toHaveAttribute('href', expect.stringContaining(`contact=${ID}`));
    expect(Object.fromEntries(new URLSearchParams(listCalls(calls)[0]!.search))).toMatchObject({
      q: 'mül',
      propertyKind: 'platform',
      sort: 'lastname',
      page: '1',
    });
    const rowElement = link.closest('tr')!;
    expect(within(rowElement).getByText('HPCN')).toHaveAttribute('title', 'HPC Centre North');
    expect(within(rowElement).getByText('Platform')).toBeInTheDocument();
    expectExportLinks('/api/contacts', '?q=m%C3%BCl&propertyKind=platform&sort=lastname&order=asc');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Institution' }), { target: { value: NORTH } });
    await waitFor(() => expect(currentLocation()).toContain(`institution=${NORTH}`));
  });

  it('says "more than" when a broad search was counted only so far, and offers the page beyond', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({
      ...row,
      id: `${ID.slice(0, -3)}${String(index).padStart(3, '0')}`,
    }));
    const calls = fakeApi({
      'GET /api/contacts': () => ({ items: rows, total: 5_000, totalExact: false, page: 1, pageSize: 50 }),
      'GET /api/institutions': () => institutions,
    });
    renderApp({ path: '/cd/contact-database?q=example', user: PEOPLE.carla });
    expect(await screen.findByText('More than 5,000 contacts')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of more than 5,000')).toBeInTheDocument();
    // The table's name says what it lists, not "services".
    expect(screen.getByRole('table', { name: /^Contact Database, page 1 of 101/ })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain('page=101'));
  });

  it('says "about" when a broad search answers the database\'s estimate', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({
      ...row,
      id: `${ID.slice(0, -3)}${String(index).padStart(3, '0')}`,
    }));
    fakeApi({
      'GET /api/contacts': () => ({
        items: rows,
        total: 45_064,
        totalExact: false,
        totalEstimated: true,
        page: 1,
        pageSize: 50,
      }),
      'GET /api/institutions': () => institutions,
    });
    renderApp({ path: '/cd/contact-database?q=example', user: PEOPLE.carla });
    expect(await screen.findByText('About 45,064 contacts')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of about 45,064')).toBeInTheDocument();
  });

  it('creates a contact: names required, e-mail checked, properties only after the first save', async () => {
    const calls = fakeApi({
      'GET /api/contacts': () => list([]),
      'GET /api/institutions': () => institutions,
      'POST /api/contacts': (call) => reply(201, contact({ ...(call.body as object), properties: [] })),
      [`GET /api/contacts/${ID}`]: () => contact({ properties: [] }),
    });
    renderApp({ path: '/cd/contact-database', user: PEOPLE.carla });
    fireEvent.click(await screen.findByRole('button', { name: 'New contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    expect(within(dialog).getByText('Save the contact once; then you can add its properties.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add property' })).toBeDisabled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Firstname/ }), { target: { value: 'Jürgen' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please fill out Firstname and Lastname')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Lastname/ }), { target: { value: 'Müller' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'j.mueller@example.org' },
    });

    // Two addresses: the first is primary until the second is chosen.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add address' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add address' }));
    const cities = within(dialog).getAllByRole('textbox', { name: 'City' });
    fireEvent.change(cities[0]!, { target: { value: 'Göttingen' } });
    fireEvent.change(cities[1]!, { target: { value: 'Kiel' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Primary address: Address 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    const body = writesOf(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ firstname: 'Jürgen', lastname: 'Müller', email: 'j.mueller@example.org' });
    expect(body).not.toHaveProperty('properties');
    expect((body.addresses as { city: string; primary: boolean }[]).map((a) => [a.city, a.primary])).toEqual([
      ['Göttingen', false],
      ['Kiel', true],
    ]);
    await waitFor(() => expect(currentLocation()).toBe(`/cd/contact-database?contact=${ID}`));
  });

  it('shows the details with tabs, and names the relations that refuse a deletion', async () => {
    const related = contact({
      userAccount: { id: 'u1', username: 'carla', fullname: 'Carla Contact' },
      relations: [
        {
          id: 'r1',
          kind: 'service',
          role: 'owner',
          service: { id: SERVICE, serviceId: 'SVC-00001', name: 'Object Storage' },
          institution: null,
        },
      ],
    });
    const calls = fakeApi({
      [`GET /api/contacts/${ID}`]: () => related,
      [`DELETE /api/contacts/${ID}`]: () =>
        apiError(409, 'conflict', 'This contact cannot be deleted: it has relations. Remove them first.', {
          relations: 'Held by: SVC-00001 Object Storage (owner)',
        }),
    });
    renderApp({ path: `/cd/contact-database?contact=${ID}`, user: PEOPLE.carla });
    expect(await screen.findByRole('heading', { level: 1, name: 'Müller, Jürgen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Carla Contact (carla)' })).toHaveAttribute(
      'href',
      '/cd/user-accounts?user=u1',
    );
    expect(screen.getByText('OpenStack')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export data' })).toHaveAttribute('href', `/api/contacts/${ID}/data`);

    // Relations hold it: the dialog says which, with the role's name, before anything is asked or sent.
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const held = await screen.findByRole('dialog', { name: 'The contact cannot be deleted yet' });
    expect(within(held).getByText('Owner: SVC-00001 Object Storage')).toBeInTheDocument();
    expect(within(held).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(held).getByRole('button', { name: 'Show the relations' }));
    expect(writesOf(calls)).toHaveLength(0);
    // The Relations tab opens with the relation and its link.
    expect(await screen.findByRole('link', { name: 'SVC-00001 Object Storage' })).toHaveAttribute(
      'href',
      `/sc/service/${SERVICE}`,
    );
  });

  it('shows the contact’s history in its own tab, newest first, older entries a page at a time', async () => {
    const entry = (n: number, before: string, after: string) => ({
      id: `e${n}`,
      at: `2026-03-0${n}T09:30:00.000Z`,
      actor: 'Carla Contact',
      action: 'contact.updated',
      changes: [{ field: 'lastname', before, after }],
    });
    const calls = fakeApi({
      [`GET /api/contacts/${ID}`]: () => contact(),
      [`GET /api/contacts/${ID}/history`]: (call) =>
        call.search.includes('cursor=next')
          ? streamPage([
              {
                id: 'e1',
                at: '2026-03-01T09:30:00.000Z',
                actor: 'Carla Contact',
                action: 'contact.created',
                changes: [{ field: 'lastname', before: null, after: 'Mueller' }],
              },
            ])
          : streamPage([entry(3, 'Müler', 'Müller'), entry(2, 'Mueller', 'Müler')], 'next'),
    });
    renderApp({ path: `/cd/contact-database?contact=${ID}`, user: PEOPLE.carla });
    await screen.findByRole('heading', { level: 1, name: 'Müller, Jürgen' });
    const historyCalls = () => calls.filter((call) => call.path.endsWith('/history'));
    // The history is read when its tab opens, not before.
    expect(historyCalls()).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'History' }));
    const table = await screen.findByRole('table', { name: /^History/ });
    expect(await within(table).findByText('Müler → Müller')).toBeInTheDocument();
    expect(within(table).getAllByText('Contact updated')).toHaveLength(2);
    expect(within(table).getAllByText('Lastname:')).toHaveLength(2);
    fireEvent.click(await screen.findByRole('button', { name: 'Show older entries' }));
    expect(await within(table).findByText('Contact created')).toBeInTheDocument();
    expect(historyCalls().map((call) => call.search)).toEqual(['', '?cursor=next']);
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('names the relations the server refuses a deletion for when they came after the contact was read', async () => {
    const calls = fakeApi({
      [`GET /api/contacts/${ID}`]: () => contact(),
      [`DELETE /api/contacts/${ID}`]: () =>
        apiError(409, 'conflict', 'This contact cannot be deleted: it has relations. Remove them first.', {
          relations: 'Held by: SVC-00001 Object Storage (owner)',
        }),
    });
    renderApp({ path: `/cd/contact-database?contact=${ID}`, user: PEOPLE.carla });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.search).toBe('?version=3');
    expect(await screen.findByText(/Held by: SVC-00001 Object Storage \(owner\)/)).toBeInTheDocument();
  });

  it('after a 409 keeps what was typed beside the other edit, and saves the chosen value on top of that version', async () => {
    let held = contact();
    const calls = fakeApi({
      [`GET /api/contacts/${ID}`]: () => held,
      'GET /api/institutions': () => institutions,
      [`PATCH /api/contacts/${ID}`]: (call) => {
        const body = call.body as Contact;
        if (body.version !== held.version) return apiError(409, 'conflict', 'The object was changed in the meantime.');
        held = { ...held, notes: body.notes, version: held.version + 1 };
        return held;
      },
    });
    renderApp({ path: `/cd/contact-database?contact=${ID}`, user: PEOPLE.carla });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit contact' });
    const notes = () =>
      within(screen.getByRole('dialog', { name: 'Edit contact' })).getByRole('textbox', { name: 'Notes' });
    // Someone else changes the notes while the form is open.
    held = { ...held, notes: 'Runs the storage and the backup', version: 4 };
    fireEvent.change(notes(), { target: { value: 'Left the centre' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    const notice = await within(screen.getByRole('dialog')).findByTestId('save-conflict');
    expect(notes()).toHaveValue('Left the centre');
    expect(notice.querySelector('[data-field="notes"]')).toHaveTextContent(
      /Saved by someone elseRuns the storage and the backupYour inputLeft the centre/,
    );
    // Saving waits for the choice.
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose for 1 more field before saving.', { selector: 'p' })).toBeVisible();
    expect(writesOf(calls)).toHaveLength(1);

    fireEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).map((call) => (call.body as Contact).version)).toEqual([3, 4]);
    expect(held).toMatchObject({ notes: 'Left the centre', version: 5 });
  });

  it('is not for people without the role', async () => {
    const calls = fakeApi({});
    renderApp({ path: '/cd/contact-database', user: PEOPLE.alice });
    expect(await screen.findByText(/no access|permission/i)).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([]);
  });
});

describe('the contact list’s view in the URL', () => {
  it('keeps only what differs from the defaults and drops what the server would refuse', () => {
    const view = contactsView.parse(new URLSearchParams('propertyKind=colour&institution=x&pageSize=7&contact=1'));
    expect(contactsView.serialize(view).toString()).toBe('');
    const sorted = contactsView.parse(new URLSearchParams('sort=updatedAt&order=desc&page=3&propertyKind=cluster'));
    expect(contactsView.serialize(sorted).toString()).toBe('propertyKind=cluster&sort=updatedAt&order=desc&page=3');
  });

  it('keeps what was typed in a new contact through a session the server ended, and after the login again', async () => {
    fakeApi({
      'GET /api/contacts': () => list([]),
      'GET /api/institutions': () => institutions,
      'POST /api/contacts': sessionEnded,
    });
    renderApp({ path: '/cd/contact-database', user: PEOPLE.admin, api: adminAuthApi() });
    fireEvent.click(await screen.findByRole('button', { name: 'New contact' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Firstname/ }), { target: { value: 'Jürgen' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Lastname/ }), { target: { value: 'Müller' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await logInAgain('/cd/contact-database');
    const again = await screen.findByRole('dialog', { name: 'New contact' });
    expect(within(again).getByRole('textbox', { name: /Firstname/ })).toHaveValue('Jürgen');
    expect(within(again).getByRole('textbox', { name: /Lastname/ })).toHaveValue('Müller');
    expect(within(again).getByText('Your unsaved changes from before are back in the form.')).toBeInTheDocument();
    // Closing it drops the draft: the next new contact starts empty.
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New contact' })).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'New contact' }));
    const fresh = await screen.findByRole('dialog', { name: 'New contact' });
    expect(within(fresh).getByRole('textbox', { name: /Firstname/ })).toHaveValue('');
  });

  it('keeps an edit of a contact through a session the server ended', async () => {
    fakeApi({
      'GET /api/contacts': () => list([row]),
      'GET /api/institutions': () => institutions,
      [`GET /api/contacts/${ID}`]: () => contact(),
      [`PATCH /api/contacts/${ID}`]: sessionEnded,
    });
    const path = `/cd/contact-database?contact=${ID}`;
    renderApp({ path, user: PEOPLE.admin, api: adminAuthApi() });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), {
      target: { value: 'Now runs the tape' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await logInAgain(path);
    const again = await screen.findByRole('dialog', { name: 'Edit contact' });
    expect(within(again).getByRole('textbox', { name: 'Notes' })).toHaveValue('Now runs the tape');
  });
});
