import type { Handover } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf } from '../../test/fakeApi';
import { PEOPLE, renderApp } from '../../test/renderApp';

const HENRIK = 'c0a80101-0000-4000-8000-0000000000c1';
const ARCHIVE = 'c0a80101-0000-4000-8000-0000000000d1';
const VO = 'c0a80101-0000-4000-8000-0000000000e1';
const alice = {
  id: 'c0a80101-0000-4000-8000-0000000000b1',
  username: 'alice',
  fullname: 'Alice Adler',
  email: 'a@example.org',
};

const held = (items: Handover['items']): Handover => ({
  user: { id: HENRIK, fullname: 'Henrik Nordmann', username: 'hnordmann', goneAt: '2026-12-01T09:00:00.000Z' },
  items,
});
const ITEMS: Handover['items'] = [
  {
    key: `serviceOwner:${ARCHIVE}`,
    kind: 'serviceOwner',
    group: 'services',
    name: 'Archive North',
    serviceId: 'SVC-00007',
    state: 'service_online',
    link: `/sc/service/${ARCHIVE}`,
  },
  {
    key: `voApplicant:${VO}`,
    kind: 'voApplicant',
    group: 'vos',
    name: 'climate-north',
    serviceId: null,
    state: 'vo_available',
    link: `/vo/virtual-organisation/${VO}`,
  },
];

const pick = async (dialog: HTMLElement, label: RegExp) => {
  const picker = within(dialog).getByRole('combobox', { name: label });
  // Mantine takes a change of an unfocused combobox for autofill, so type into it as a person would.
  picker.focus();
  fireEvent.change(picker, { target: { value: 'Ali' } });
  // The option of this picker's own list: the other picker's list may still hold Alice, picked there.
  await waitFor(() => expect(document.getElementById(picker.getAttribute('aria-controls') ?? '')).not.toBeNull());
  const list = document.getElementById(picker.getAttribute('aria-controls')!)!;
  fireEvent.click(await within(list).findByRole('option', { name: 'Alice Adler (a@example.org)', hidden: true }));
};

describe('the handover of a gone person', () => {
  it('lists what they hold; the portfolio manager picks all, names a receiver per kind and hands over in one call', async () => {
    let done = false;
    const calls = fakeApi({
      [`GET /api/handover/${HENRIK}`]: () => held(done ? [] : ITEMS),
      'GET /api/users': () => ({ items: [alice] }),
      [`POST /api/handover/${HENRIK}`]: (call) => {
        const body = call.body as { receivers: Record<string, string> };
        if (!body.receivers.vos)
          return apiError(400, 'invalid_input', 'Some fields are not valid.', {
            'receivers.vos': 'Please choose who receives these items',
          });
        done = true;
        return { handedOver: 2 };
      },
    });
    renderApp({ path: `/sc/handover?user=${HENRIK}`, user: PEOPLE.paula });
    expect(await screen.findByRole('heading', { level: 1, name: 'Handover: Henrik Nordmann' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: /Handover: Henrik Nordmann/ });
    expect(within(table).getByRole('link', { name: 'Archive North' })).toHaveAttribute(
      'href',
      `/sc/service/${ARCHIVE}`,
    );
    expect(within(table).getByText('VO applicant')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('checkbox', { name: /all/i }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hand over…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over 2 items of Henrik Nordmann' });
    await pick(dialog, /Receives the service roles/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    // The server's word on the missing receiver shows at its picker, and nothing was handed over.
    expect(await within(dialog).findByText('Please choose who receives these items')).toBeInTheDocument();
    await pick(dialog, /Receives the VO roles/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('2 items were handed over.')).toBeInTheDocument();
    expect(writesOf(calls).at(-1)!.body).toEqual({
      items: [`serviceOwner:${ARCHIVE}`, `voApplicant:${VO}`],
      receivers: { services: alice.id, vos: alice.id },
    });
    expect(await screen.findByText('Henrik Nordmann holds nothing in the portal any more.')).toBeInTheDocument();
  }, 20_000);

  it('is not for people without the role', async () => {
    const calls = fakeApi({});
    renderApp({ path: `/sc/handover?user=${HENRIK}`, user: PEOPLE.alice });
    expect(await screen.findByText(/no access|permission/i)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/handover'))).toEqual([]);
  });
});
