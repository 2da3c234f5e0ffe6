import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { fakeApi, writesOf } from '../test/fakeApi';
import { PEOPLE, renderApp } from '../test/renderApp';

const RESTRICTED = [
  ['New Application', '/sc/service-application'],
  ['New VO Application', '/vo/vo-application'],
  ['My VOs', '/vo/my-vos'],
] as const;

const main = () => screen.getByRole('main');

describe('home page', () => {
  it('shows New Application, New VO Application and My VOs as plain text when logged out', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    for (const [name] of RESTRICTED) {
      expect(within(main()).queryByRole('link', { name })).toBeNull();
      expect(within(main()).getByText(name, { exact: true })).toBeInTheDocument();
    }
    expect(screen.getByText('Welcome to Nubes', { selector: 'p' })).toBeInTheDocument();
  });

  it('greets a logged-in person once: the welcome bar, and their work under one heading, without the brochure', async () => {
    renderApp({ path: '/', user: PEOPLE.alice });
    await screen.findByRole('heading', { level: 1, name: 'Your work' });
    expect(screen.getAllByText(/Welcome/)).toHaveLength(1);
    expect(screen.getByText('Welcome, Alice Example')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to Nubes' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Modules' })).toBeNull();
    expect(screen.queryByText('Log in to use the restricted modules.')).toBeNull();
  });

  it('offers a service provider New Application to start; screens of other roles are not offered', async () => {
    renderApp({ path: '/', user: PEOPLE.alice });
    await screen.findByRole('heading', { level: 1, name: 'Your work' });
    expect(within(main()).getByRole('link', { name: 'New Application' })).toHaveAttribute(
      'href',
      '/sc/service-application',
    );
    for (const name of ['New VO Application', 'My VOs'])
      expect(within(main()).queryByRole('link', { name })).toBeNull();
  });

  it('offers nora (no role) no New Application, but tells her she has no role and how to ask for access', async () => {
    renderApp({ path: '/', user: PEOPLE.nora });
    await screen.findByRole('heading', { level: 1, name: 'Your work' });
    expect(within(main()).queryByRole('link', { name: 'New Application' })).toBeNull();
    expect(within(main()).getByText('You have no role in Nubes yet')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Request access' })).toBeInTheDocument();
  });

  it('shows nora "No access" instead of the application form, with a way to ask for it', async () => {
    renderApp({ path: '/sc/service-application', user: PEOPLE.nora });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request access' })).toBeInTheDocument();
  });

  it('sends nora’s request for access to New VO Application with her note, and says it went out', async () => {
    const calls = fakeApi({ 'POST /api/access-requests': () => ({ recipients: 2 }) });
    renderApp({ path: '/vo/vo-application', user: PEOPLE.nora });
    fireEvent.click(await screen.findByRole('button', { name: 'Request access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request access from the portal management' });
    expect(within(dialog).getByText('You ask for access to: New VO Application')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why do you need access/ }), {
      target: { value: 'I coordinate the genome VO.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([
      expect.objectContaining({
        path: '/api/access-requests',
        body: { screen: 'voApplication', note: 'I coordinate the genome VO.' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('links the public portfolio, the instruction PDF (new tab) and the helpdesk', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    expect(within(main()).getByRole('link', { name: 'The current service portfolio' })).toHaveAttribute(
      'href',
      '/sc/public-service-portfolio',
    );
    const pdf = within(main()).getByRole('link', { name: /Step-by-step instructions \(PDF\) \(opens in a new tab\)/ });
    expect(pdf).toHaveAttribute('href', '/static/instructions/service-portfolio.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', 'noopener');
    expect(within(main()).getByRole('link', { name: 'Helpdesk' })).toBeInTheDocument();
  });

  it("links both instruction pages and their PDFs, the PDFs in the reader's language", async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    const instructions = within(main()).getByRole('region', { name: 'Instructions' });
    expect(within(instructions).getByRole('link', { name: 'Instructions: Service Portfolio' })).toHaveAttribute(
      'href',
      '/instructions/service-portfolio',
    );
    expect(within(instructions).getByRole('link', { name: 'Instructions: Contact Database' })).toHaveAttribute(
      'href',
      '/instructions/contact-database',
    );
    expect(within(instructions).getByRole('link', { name: /Instructions: Contact Database as PDF/ })).toHaveAttribute(
      'href',
      '/static/instructions/contact-database.pdf',
    );
    try {
      fireEvent.click(screen.getByRole('button', { name: 'DE' }));
      const anleitungen = await within(main()).findByRole('region', { name: 'Anleitungen' });
      expect(within(anleitungen).getByRole('link', { name: /Anleitung: Serviceportfolio als PDF/ })).toHaveAttribute(
        'href',
        '/static/instructions/service-portfolio.de.pdf',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('has one h1 and headings without skipped levels', async () => {
    renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Nubes' });
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });
});
