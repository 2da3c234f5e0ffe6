import type { InstitutionDetail } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PEOPLE, renderApp } from '../../test/renderApp';
import { adminAuthApi, logInAgain } from '../../test/sessionEnd';
import { expectExportLinks } from '../../test/exportLinks';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CARLA = { username: 'carla', fullname: 'Carla Contacts', email: 'carla@example.org', roles: ['contactManager'] };

const hpcn: InstitutionDetail = {
  id: '11111111-1111-4111-8111-111111111111',
  abbreviation: 'HPCN',
  name: 'HPC Centre North',
  description: 'Member of the alliance',
  url: 'https://www.hpc-north.example',
  isCentre: true,
  isServiceProvider: true,
  hasLogo: false,
  version: 3,
};
const office: InstitutionDetail = {
  id: '22222222-2222-4222-8222-222222222222',
  abbreviation: 'NUBES',
  name: 'Nubes Alliance Office',
  description: '',
  url: '',
  isCentre: false,
  isServiceProvider: false,
  hasLogo: false,
  version: 1,
};

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** `list` is what the server holds when the list is read, so a test can change it between reads. */
const fakeApi = (write: (call: Call) => Response = () => json({}), list = () => [hpcn, office]) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
      };
      calls.push(call);
      if (url === '/api/institutions' && call.method === 'GET') return json({ items: list() });
      if (url.startsWith('/api/institutions')) return write(call);
      return json({ error: 'not_found', message: 'Not found.' }, 404);
    }),
  );
  return calls;
};

const openScreen = async (user: typeof CARLA = CARLA) => {
  renderApp({ path: '/cd/institutions', user: user as never });
  return screen.findByRole('table', { name: /^Institutions/ });
};

describe('institutions screen', () => {
  it('lists abbreviation, name, url, centre and service provider', async () => {
    fakeApi();
    const table = await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Institution List' })).toBeInTheDocument();
    const row = (await within(table).findByRole('rowheader', { name: 'HPCN' })).closest('tr')!;
    expect(within(row).getByText('HPC Centre North')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'https://www.hpc-north.example' })).toHaveAttribute(
      'href',
      'https://www.hpc-north.example',
    );
    expect(within(row).getAllByText('Yes')).toHaveLength(2);
    const other = within(table).getByRole('rowheader', { name: 'NUBES' }).closest('tr')!;
    expect(within(other).getAllByText('No')).toHaveLength(2);
    expect(screen.getByText('2 institutions')).toBeInTheDocument();
    // The list as files from the server.
    expectExportLinks('/api/institutions');
  });

  it('shows an institution’s history in the edit dialog’s own tab, keeping what was typed', async () => {
    const history = {
      items: [
        {
          id: 'e2',
          at: '2026-03-02T09:30:00.000Z',
          actor: 'Carla Contacts',
          action: 'institution.updated',
          changes: [{ field: 'name', before: 'HPC North', after: 'HPC Centre North' }],
        },
      ],
      nextCursor: null,
    };
    const calls = fakeApi((call) => (call.url === `/api/institutions/${hpcn.id}/history` ? json(history) : json({})));
    const table = await openScreen();
    const row = (await within(table).findByRole('rowheader', { name: 'HPCN' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit HPCN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Typed' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    const events = await within(dialog).findByRole('table', { name: /^History/ });
    expect(await within(events).findByText('HPC North → HPC Centre North')).toBeInTheDocument();
    expect(within(events).getByText('Institution updated')).toBeInTheDocument();
    expect(within(events).getByText('Carla Contacts')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Details' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Typed');
    expect(calls.filter((call) => call.url.endsWith('/history'))).toHaveLength(1);
  });

  it('keeps those without the screen out', async () => {
    fakeApi();
    renderApp({ path: '/cd/institutions', user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('checks the form before sending, shows the server’s field messages, and creates an institution', async () => {
    let answer = json(
      {
        error: 'invalid_input',
        message: 'Some fields are invalid.',
        fields: { abbreviation: 'An institution with this abbreviation exists already' },
      },
      400,
    );
    const calls = fakeApi((call) => (call.method === 'POST' ? answer : json({})));
    await openScreen();
    fireEvent.click(screen.getByRole('button', { name: 'New institution' }));
    const dialog = await screen.findByRole('dialog', { name: 'New institution' });
    const fill = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

    fill(/^URL/, 'not a url');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter an abbreviation')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid url, e.g.: https://www.example.org')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Abbreviation/ })).toHaveFocus());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    fill(/^Abbreviation/, 'hpcn');
    fill(/^Name/, 'Another HPC centre');
    fill(/^URL/, 'https://www.other.example');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'The institution provides services' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An institution with this abbreviation exists already')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      abbreviation: 'hpcn',
      name: 'Another HPC centre',
      description: '',
      url: 'https://www.other.example',
      isCentre: false,
      isServiceProvider: true,
    });

    answer = json({ ...office, id: '33333333-3333-4333-8333-333333333333', abbreviation: 'AHC' }, 201);
    fill(/^Abbreviation/, 'AHC');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Institution created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New institution' })).not.toBeInTheDocument());
  });

  it('edits an institution with the version it read', async () => {
    const calls = fakeApi((call) => json({ ...hpcn, ...(call.body as object), version: 4 }));
    const table = await openScreen();
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit HPCN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    expect(within(dialog).getByRole('checkbox', { name: 'The institution is a centre of the alliance' })).toBeChecked();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'HPC North' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Institution updated')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/institutions/${hpcn.id}`);
    expect(patch.body).toMatchObject({ version: 3, name: 'HPC North', abbreviation: 'HPCN' });
  });

  it('deletes an institution after asking, with the version it read', async () => {
    const calls = fakeApi(() => new Response(null, { status: 204 }));
    const table = await openScreen();
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete NUBES' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete institution?' });
    expect(within(dialog).getByText(/“NUBES – Nubes Alliance Office” is deleted/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(`/api/institutions/${office.id}?version=1`),
    );
    expect(await screen.findByText('Institution deleted')).toBeInTheDocument();
  });

  it('shows what still uses an institution when the server refuses to delete it', async () => {
    const message =
      'This institution cannot be deleted: user accounts belong to it. Assign those users to another institution first.';
    fakeApi(() => json({ error: 'conflict', message }, 409));
    const table = await openScreen();
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete HPCN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete institution?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('The institution cannot be deleted')).toBeInTheDocument();
  });

  it('uploads a logo while editing, and saves the edit with the version the upload left', async () => {
    let held = hpcn;
    const calls = fakeApi(
      (call) => {
        held = call.url.endsWith('/logo')
          ? { ...held, hasLogo: true, version: held.version + 1 }
          : { ...held, ...(call.body as object), version: held.version + 1 };
        return json(held);
      },
      () => [held, office],
    );
    const table = await openScreen();
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit HPCN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    expect(within(dialog).getByText('No logo yet')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'HPC North' } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await within(dialog).findByRole('img', { name: 'Logo of HPCN' })).toHaveAttribute(
      'src',
      `/api/institutions/${hpcn.id}/logo?v=4`,
    );
    expect(calls.find((call) => call.url.endsWith('/logo'))?.method).toBe('POST');
    // The typed name survived the upload.
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('HPC North');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Institution updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ version: 4, name: 'HPC North' });
  });

  it('after a 409 keeps what was typed, takes the other edit on a choice, and saves on top of that version', async () => {
    let held = hpcn;
    const calls = fakeApi(
      (call) => {
        const patch = call.body as { version: number };
        if (patch.version !== held.version)
          return json({ error: 'conflict', message: 'The object was changed in the meantime.' }, 409);
        held = { ...held, ...(call.body as object), version: held.version + 1 };
        return json(held);
      },
      () => [held, office],
    );
    const table = await openScreen();
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit HPCN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    // Someone else renames it while the form is open.
    held = { ...held, name: 'HPC Centre North-East', version: 4 };
    const name = () => within(dialog).getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name(), { target: { value: 'HPC North' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const notice = await within(dialog).findByTestId('save-conflict');
    expect(name()).toHaveValue('HPC North');
    expect(
      calls.filter((call) => call.method === 'PATCH').map((call) => (call.body as { version: number }).version),
    ).toEqual([3]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(name()).toHaveValue('HPC Centre North-East'));
    fireEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(name()).toHaveValue('HPC North'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Institution updated')).toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'PATCH').map((call) => (call.body as { version: number }).version),
    ).toEqual([3, 4]);
    expect(held).toMatchObject({ name: 'HPC North', version: 5 });
  });

  it('after a logo upload that reveals another edit, keeps the version it read, so the save answers 409', async () => {
    let held = hpcn;
    const calls = fakeApi(
      (call) => {
        if (call.url.endsWith('/logo')) {
          held = { ...held, hasLogo: true, version: held.version + 1 };
          return json(held);
        }
        return json({ error: 'conflict', message: 'The object was changed in the meantime.' }, 409);
      },
      () => [held, office],
    );
    const table = await openScreen();
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit HPCN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    held = { ...held, name: 'HPC Centre North-East', version: 4 };
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [file] } });
    expect(await within(dialog).findByRole('img', { name: 'Logo of HPCN' })).toHaveAttribute(
      'src',
      `/api/institutions/${hpcn.id}/logo?v=5`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ version: 3 }));
    expect(
      await screen.findByText(
        'Someone else saved first. What you typed is kept; choose per field at the top of the form.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps what was typed in a new institution and in an edit through a session the server ended', async () => {
    fakeApi(() => json({ error: 'unauthorized', message: 'Please log in.' }, 401));
    renderApp({ path: '/cd/institutions', user: PEOPLE.admin, api: adminAuthApi() });
    fireEvent.click(await screen.findByRole('button', { name: 'New institution' }));
    const dialog = await screen.findByRole('dialog', { name: 'New institution' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Abbreviation/ }), { target: { value: 'KLC' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Küstenlabor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await logInAgain('/cd/institutions');
    const again = await screen.findByRole('dialog', { name: 'New institution' });
    expect(within(again).getByRole('textbox', { name: /^Abbreviation/ })).toHaveValue('KLC');
    expect(within(again).getByRole('textbox', { name: /^Name/ })).toHaveValue('Küstenlabor');
    expect(within(again).getByText('Your unsaved changes from before are back in the form.')).toBeInTheDocument();
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Edit HPCN' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit institution' });
    fireEvent.change(within(edit).getByRole('textbox', { name: /^Name/ }), { target: { value: 'HPC Centre Nord' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await logInAgain('/cd/institutions');
    const editAgain = await screen.findByRole('dialog', { name: 'Edit institution' });
    expect(within(editAgain).getByRole('textbox', { name: /^Name/ })).toHaveValue('HPC Centre Nord');
  });
});
