import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { PEOPLE, renderApp } from '../test/renderApp';

const GROUPS = ['Service Portfolio', 'Contact Database', 'VO Registration', 'Admin Panel'];

const mainNav = () => screen.getByRole('navigation', { name: 'Main navigation' });

/** The menu group buttons the user sees, once the lazily loaded menus are there. */
const groupButtons = async (fullname: string) => {
  await within(mainNav()).findByRole('button', { name: fullname });
  return within(mainNav())
    .getAllByRole('button')
    .map((button) => button.textContent)
    .filter((name) => GROUPS.includes(name ?? ''));
};

const openMenu = async (name: string) => {
  fireEvent.click(within(mainNav()).getByRole('button', { name }));
  // jsdom has no layout, so floating-ui takes the target for detached and Mantine keeps the
  // dropdown display:none; the queries therefore include hidden elements.
  return screen.findByRole('menu', { hidden: true });
};

describe('top navigation by permission, built screens only', () => {
  it('shows logged-out visitors only the login link, keeping the current page as redirect', async () => {
    renderApp({ path: '/sc/public-service-portfolio?x=1' });
    const nav = mainNav();
    const link = within(nav).getByRole('link', { name: 'Log in' });
    expect(link).toHaveAttribute('href', '/login?redirect=%2Fsc%2Fpublic-service-portfolio%3Fx%3D1');
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows nora (no role) no menu group, only her profile menu', async () => {
    renderApp({ user: PEOPLE.nora });
    expect(await groupButtons('Nora Norole')).toEqual([]);
    expect(within(mainNav()).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('shows alice the Service Portfolio menu with New Application', async () => {
    renderApp({ user: PEOPLE.alice });
    expect(await groupButtons('Alice Example')).toEqual(['Service Portfolio']);
    const menu = await openMenu('Service Portfolio');
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Service Portfolio',
      'New Application',
      'My Services',
      'Public Service Portfolio',
      'Instruction',
      'Instruction (PDF) (opens in a new tab)',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'New Application', hidden: true })).toHaveAttribute(
      'href',
      '/sc/service-application',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Instruction', hidden: true })).toHaveAttribute(
      'href',
      '/instructions/service-portfolio',
    );
    const pdf = within(menu).getByRole('menuitem', { name: /Instruction \(PDF\)/, hidden: true });
    expect(pdf).toHaveAttribute('href', '/static/instructions/service-portfolio.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', 'noopener');
  });

  it('leads the portal manager to the contact database instructions and their PDF', async () => {
    renderApp({ user: PEOPLE.admin });
    await groupButtons('Portal Admin');
    const menu = await openMenu('Contact Database');
    expect(within(menu).getByRole('menuitem', { name: 'Instruction', hidden: true })).toHaveAttribute(
      'href',
      '/instructions/contact-database',
    );
    expect(within(menu).getByRole('menuitem', { name: /Instruction \(PDF\)/, hidden: true })).toHaveAttribute(
      'href',
      '/static/instructions/contact-database.pdf',
    );
  });

  it('links the German PDF once the reader switches to German', async () => {
    renderApp({ user: PEOPLE.admin });
    await groupButtons('Portal Admin');
    try {
      fireEvent.click(screen.getByRole('button', { name: 'DE' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Kontaktdatenbank' }));
      const menu = await screen.findByRole('menu', { hidden: true });
      expect(within(menu).getByRole('menuitem', { name: 'Anleitung', hidden: true })).toHaveAttribute(
        'href',
        '/instructions/contact-database',
      );
      expect(within(menu).getByRole('menuitem', { name: /Anleitung \(PDF\)/, hidden: true })).toHaveAttribute(
        'href',
        '/static/instructions/contact-database.de.pdf',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('offers no screen that is still to come, not even to the admin', async () => {
    renderApp({ user: PEOPLE.admin });
    expect(await groupButtons('Portal Admin')).toEqual([
      'Service Portfolio',
      'Contact Database',
      'VO Registration',
      'Admin Panel',
    ]);
    const menu = await openMenu('Service Portfolio');
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent);
    expect(items).toContain('Resource Package Review List');
  });

  it('leads the portal manager to the Institutions screen in the Contact Database menu', async () => {
    renderApp({ user: PEOPLE.admin });
    await groupButtons('Portal Admin');
    const menu = await openMenu('Contact Database');
    expect(within(menu).getByRole('menuitem', { name: 'Institution List', hidden: true })).toHaveAttribute(
      'href',
      '/cd/institutions',
    );
  });

  it('leads rita to the resource package review list', async () => {
    renderApp({ user: PEOPLE.rita });
    expect(await groupButtons('Rita Resources')).toEqual(['Service Portfolio']);
    const menu = await openMenu('Service Portfolio');
    const items = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Resource Package Review List',
      'Public Service Portfolio',
      'Instruction',
      'Instruction (PDF) (opens in a new tab)',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Resource Package Review List', hidden: true })).toHaveAttribute(
      'href',
      '/sc/resourcePackageReviewList',
    );
  });

  it('leads paula, a portfolio manager, to the handover of gone people', async () => {
    renderApp({ user: PEOPLE.paula });
    expect(await groupButtons('Paula Portfolio')).toContain('Service Portfolio');
    const menu = await openMenu('Service Portfolio');
    expect(within(menu).getByRole('menuitem', { name: 'Handover of Gone People', hidden: true })).toHaveAttribute(
      'href',
      '/sc/handover',
    );
  });

  it('leads to the mail settings from the profile menu', async () => {
    renderApp({ user: PEOPLE.alice, path: '/sc/my-services' });
    await within(mainNav()).findByRole('button', { name: 'Alice Example' });
    const menu = await openMenu('Alice Example');
    expect(within(menu).getByRole('menuitem', { name: 'Mail settings', hidden: true })).toHaveAttribute(
      'href',
      '/profile/mail-settings',
    );
  });

  it('logs out from the profile menu and goes home', async () => {
    const { store } = renderApp({ user: PEOPLE.alice, path: '/sc/my-services' });
    await within(mainNav()).findByRole('button', { name: 'Alice Example' });
    const menu = await openMenu('Alice Example');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout', hidden: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' })).toBeInTheDocument();
    expect(store.getSnapshot()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(within(mainNav()).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
