import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicPortfolio } from '@nubes/domain';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE, renderApp } from '../test/renderApp';
import { initI18n } from './i18n';

/**
 * The shell and the public screens with only the catalogues' shell part loaded, as a first visit
 * has it (ADR 0026): every key they ask for must be there. A screen that needs a section of the
 * screens part fails here; move that section to en-shell.ts and de-shell.ts.
 */
const missing: string[] = [];

const PORTFOLIO: PublicPortfolio = {
  current: [
    {
      serviceId: 'SVC-00001',
      name: 'Sync & Share',
      shortDescription: 'Files shared with colleagues',
      provider: 'HPC Centre North',
      providerLogo: '/api/institutions/c0a80101-0000-4000-8000-0000000000aa/logo?v=2',
      state: 'service_not_available',
      onlineSince: '2025-01-05T09:00:00.000Z',
      onlineUntil: null,
      statusNotice: { reason: 'New hardware', expectedEnd: '2026-03-31' },
      downtime: null,
    },
  ],
  past: [
    {
      serviceId: 'SVC-00002',
      name: 'Old Archive',
      shortDescription: '',
      provider: 'HPC Centre North',
      providerLogo: null,
      state: 'service_retired',
      onlineSince: '2020-01-05T09:00:00.000Z',
      onlineUntil: '2024-06-30T09:00:00.000Z',
      statusNotice: null,
      downtime: null,
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  initI18n('en');
  i18next.options.saveMissing = true;
  i18next.options.missingKeyHandler = (_languages, _namespace, key) => {
    missing.push(key);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/public/services' ? json(200, PORTFOLIO) : json(404, { error: 'not_found', message: 'Not found.' }),
    ),
  );
});

afterEach(() => {
  // Nothing here may have loaded the screens part: the checks above ran against the shell part alone.
  expect(i18next.exists('serviceView.save')).toBe(false);
  expect(missing).toEqual([]);
});

describe('the shell part of the catalogues (ADR 0026)', () => {
  // Logged in, home is the dashboard, a screen of its own with the screens part; the shell around
  // a public page is what a logged-in user sees before that part is in.
  it('is enough for the home page logged out, and for the shell logged in with the menus open', async () => {
    const first = renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    first.unmount();

    renderApp({ path: '/sc/public-service-portfolio', user: PEOPLE.admin });
    expect(await screen.findByText('Sync & Share')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(nav).findByRole('button', { name: 'Portal Admin' });
    const menus = within(nav).getAllByRole('button');
    expect(menus.length).toBeGreaterThan(1);
    for (const menu of menus) fireEvent.click(menu);
    // jsdom has no layout: Mantine keeps the dropdowns display:none, so hidden ones count.
    expect(await screen.findAllByRole('menuitem', { hidden: true })).not.toHaveLength(0);
  });

  it('is enough for the public portfolio with its rows, states and counts', async () => {
    renderApp({ path: '/sc/public-service-portfolio' });
    expect(await screen.findByText('Sync & Share')).toBeInTheDocument();
    expect(await screen.findByText('Old Archive')).toBeInTheDocument();
    expect(screen.getAllByText('1 service').length).toBeGreaterThan(0);
    // The provider's logo where it has one, named for screen readers; none where it has not.
    expect(screen.getAllByRole('img', { name: 'Logo of HPC Centre North' })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Logo of HPC Centre North' })).toHaveAttribute(
      'src',
      '/api/institutions/c0a80101-0000-4000-8000-0000000000aa/logo?v=2',
    );
  });

  it('is enough for the login page and its required-field messages', async () => {
    renderApp({ path: '/login' });
    const heading = await screen.findByRole('heading', { name: 'Direct login for administrators' });
    const form = heading.closest('section')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await within(form).findAllByText('This field cannot be empty')).toHaveLength(2);
  });

  it('is enough for a failed single sign-on return and its notification', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/login-oauth/oidc?error=access_denied' });
    expect(await screen.findByText('AAI login failed, please try again.')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    error.mockRestore();
  });

  it('is enough for "Page not found", "No access" and the way to the login', async () => {
    const first = renderApp({ path: '/no/such/page' });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    first.unmount();

    const second = renderApp({ path: '/sc/my-services' });
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await waitFor(() => expect(document.title).toBe('Log in'));
    second.unmount();

    renderApp({ path: '/manage/adminPanel', user: PEOPLE.alice });
    await screen.findByRole('heading', { level: 1, name: 'No access' });
  });
});
