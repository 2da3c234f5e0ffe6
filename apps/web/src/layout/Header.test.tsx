import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation, PEOPLE, renderApp } from '../test/renderApp';

describe('the header on a phone and in the dark', () => {
  it('opens the menu drawer with every menu group and the profile, and closes it after a link', async () => {
    renderApp({ user: PEOPLE.paula, path: '/sc/service-portfolio' });
    const burger = await screen.findByRole('button', { name: 'Open the menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(drawer).getByRole('navigation', { name: 'Menu' });
    expect(within(nav).getByRole('heading', { name: 'Service Portfolio' })).toBeInTheDocument();
    expect(within(nav).getByRole('heading', { name: 'Paula Portfolio' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Service Portfolio' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    fireEvent.click(within(nav).getByRole('link', { name: 'Service Integration List' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull());
    expect(currentLocation()).toBe('/sc/service-integration-list');
  });

  it('switches dark mode with a labelled toggle button and remembers the choice', () => {
    renderApp();
    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    // jsdom's system setting is light (matchMedia answers no).
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('light');
  });

  it('draws the logo in the dark scheme’s colours on the dark scheme', () => {
    renderApp();
    const logo = screen.getByRole('img', { name: 'Nubes logo' });
    expect(logo).toHaveAttribute('src', '/static/logo.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(screen.getByRole('img', { name: 'Nubes logo' })).toHaveAttribute('src', '/static/logo-dark.svg');
    fireEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(screen.getByRole('img', { name: 'Nubes logo' })).toHaveAttribute('src', '/static/logo.svg');
  });

  it('keeps four menu groups in the header row from 1200 px on, one or two from 992 px, the burger below', async () => {
    // jsdom lays nothing out: the breakpoints show as Mantine's classes; e2e/tests/header-and-toolbars.spec.ts measures.
    const { unmount } = renderApp({ user: PEOPLE.admin });
    const burger = await screen.findByRole('button', { name: 'Open the menu' });
    expect(burger).toHaveClass('mantine-hidden-from-lg');
    const adminMenus = (await screen.findByRole('button', { name: 'Admin Panel' })).closest('.mantine-Group-root');
    expect(adminMenus).toHaveClass('mantine-visible-from-lg');
    unmount();

    renderApp({ user: PEOPLE.alice });
    expect(await screen.findByRole('button', { name: 'Open the menu' })).toHaveClass('mantine-hidden-from-md');
    const aliceMenus = (await screen.findByRole('button', { name: 'Service Portfolio' })).closest(
      '.mantine-Group-root',
    );
    expect(aliceMenus).toHaveClass('mantine-visible-from-md');
  });
});
