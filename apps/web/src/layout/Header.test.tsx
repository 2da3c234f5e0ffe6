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
});
