import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { PEOPLE, renderApp } from '../test/renderApp';

const main = () => screen.getByRole('main');

describe('instruction pages (ADR 0039)', () => {
  it('shows the service portfolio instructions to a visitor, with audience, contents, steps and the PDF', async () => {
    renderApp({ path: '/instructions/service-portfolio' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Instructions: Service Portfolio' }),
    ).toBeInTheDocument();
    expect(
      within(main()).getByText(/Service providers, service portfolio and integration managers/),
    ).toBeInTheDocument();
    const contents = within(main()).getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: 'Apply for a new service' })).toHaveAttribute(
      'href',
      '#instruction-apply',
    );
    const apply = within(main()).getByRole('region', { name: '2. Apply for a new service' });
    expect(within(apply).getAllByRole('listitem')).toHaveLength(5);
    expect(within(apply).getByText(/Click “Save”/)).toBeInTheDocument();
    const pdf = within(main()).getByRole('link', { name: /These instructions as PDF/ });
    expect(pdf).toHaveAttribute('href', '/static/instructions/service-portfolio.pdf');
    expect(pdf).toHaveAttribute('target', '_blank');
  });

  it('shows the contact database instructions in German with the German PDF', async () => {
    renderApp({ path: '/instructions/contact-database', user: PEOPLE.admin });
    await screen.findByRole('heading', { level: 1, name: 'Instructions: Contact Database' });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'DE' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Anleitung: Kontaktdatenbank' })).toBeInTheDocument();
      expect(within(main()).getByRole('region', { name: /Kontaktdetails/ })).toBeInTheDocument();
      expect(within(main()).getByRole('link', { name: /Diese Anleitung als PDF/ })).toHaveAttribute(
        'href',
        '/static/instructions/contact-database.de.pdf',
      );
    } finally {
      await changeLanguage('en');
    }
  });

  it('has one h1 and headings without skipped levels', async () => {
    renderApp({ path: '/instructions/contact-database' });
    await screen.findByRole('heading', { level: 1, name: 'Instructions: Contact Database' });
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level - levels[index - 1]!).toBeLessThanOrEqual(1);
    });
  });
});
