import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n/i18n';
import { fakeApi } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';

const SERVICE = 'c0a80101-0000-4000-8000-000000000001';
const CONTACT = 'c0a80101-0000-4000-8000-000000000002';
const VO = 'c0a80101-0000-4000-8000-000000000003';

const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 6 });

const api = () =>
  fakeApi({
    'GET /api/dashboard': () => ({
      waiting: { items: [], total: 0 },
      myServices: { items: [], total: 0 },
      stateCounts: [],
      centreCounts: [],
      activity: [],
    }),
    'GET /api/services': () =>
      page([
        {
          id: SERVICE,
          serviceId: 'SVC-00001',
          name: 'HPC Batch Computing',
          state: 'service_online',
          providerInstitution: null,
          shortDescription: '',
          serviceType: 'infrastructure',
          score: 0,
          keywords: [],
          updatedAt: '2026-11-20T10:00:00.000Z',
          onlineSince: null,
        },
      ]),
    'GET /api/services/mine': () => page([]),
    'GET /api/contacts': () =>
      page([
        {
          id: CONTACT,
          firstname: 'Henrik',
          lastname: 'Nordmann',
          email: 'henrik@hpc-north.example',
          emailNotPersonal: false,
          institution: { id: 'i1', abbreviation: 'HPCN', name: 'HPC Centre North' },
          otherInstitution: '',
          city: 'Kiel',
          propertyKinds: [],
          updatedAt: '2026-11-20T10:00:00.000Z',
        },
      ]),
    'GET /api/vos': () =>
      page([
        {
          id: VO,
          name: 'hpc-climate',
          state: 'application_received',
          applicantId: 'u1',
          deputyId: null,
          applicant: 'Victor Vogel',
          deputy: null,
          updatedAt: '2026-11-20T10:00:00.000Z',
          entitlement: null,
          waiting: true,
        },
      ]),
  });

const CARLA = { username: 'carla', fullname: 'Carla Conti', email: 'carla@example.org', roles: ['contactManager'] };

const dialog = () => screen.findByRole('dialog');

describe('the global search', () => {
  it('opens with Ctrl+K, finds services and VOs (contacts only for who reads them), opens a hit by keyboard', async () => {
    const calls = api();
    renderApp({ path: '/', user: PEOPLE.paula });
    await screen.findByRole('button', { name: 'Search' });
    // The shortcut's listener comes with an effect after the button's render; findByRole waits
    // outside act, so that effect may still be pending when the button is found.
    await act(async () => {});
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const search = within(await dialog()).getByRole('textbox', { name: 'Search the portal' });
    expect(screen.getByText('Type at least two characters.')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'hpc' } });
    expect(await screen.findByText('HPC Batch Computing')).toBeInTheDocument();
    expect(screen.getByText('SVC-00001 · Service Online')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Services' })).getByText('HPC Batch Computing'),
    ).toBeInTheDocument();
    // paula may not read the contact database: it is not asked.
    expect(calls.some((call) => call.path === '/api/contacts')).toBe(false);
    expect(screen.getByText('hpc-climate')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/services')?.search).toBe('?q=hpc&pageSize=6');

    fireEvent.keyDown(search, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${SERVICE}`));
  });

  it('searches the contacts for carla, who may read them, and opens one from the button', async () => {
    const calls = api();
    renderApp({ path: '/', user: CARLA });
    fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
    fireEvent.change(within(await dialog()).getByRole('textbox', { name: 'Search the portal' }), {
      target: { value: 'nord' },
    });
    fireEvent.click(await screen.findByText('Henrik Nordmann'));
    await waitFor(() => expect(currentLocation()).toBe(`/cd/contact-database?contact=${CONTACT}`));
    // Without the portfolio, services are searched among her own.
    expect(calls.some((call) => call.path === '/api/services/mine')).toBe(true);
  });

  it('opens with "/" outside a text field, in German too, and is not there logged out', async () => {
    api();
    renderApp({ path: '/', user: PEOPLE.paula });
    await screen.findByRole('button', { name: 'Search' });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'DE' }));
      await screen.findByRole('button', { name: 'Suchen' });
      fireEvent.keyDown(document.body, { key: '/' });
      expect(within(await dialog()).getByRole('textbox', { name: 'Im Portal suchen' })).toBeInTheDocument();
      expect(screen.getByText('Bitte geben Sie mindestens zwei Zeichen ein.')).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it('offers nothing to people who are not logged in', async () => {
    api();
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
