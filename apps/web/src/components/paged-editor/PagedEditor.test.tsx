import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PagedEditor } from './PagedEditor';

const PAGES = ['general', 'terms', 'policies'] as const;
const LABELS: Record<(typeof PAGES)[number], string> = { general: 'General', terms: 'Terms', policies: 'Policies' };

describe('PagedEditor', () => {
  it('offers the pages as a select too (the phone shows it above the form), with their hints', () => {
    initI18n('en');
    const onGoTo = vi.fn();
    renderWithProviders(
      <PagedEditor
        pages={PAGES}
        page="terms"
        pageLabel={(page) => LABELS[page]}
        pageHint={(page) => (page === 'policies' ? '2 to fill' : null)}
        onGoTo={onGoTo}
        navLabel="Pages of the application"
        headingId="page-heading"
        title="Page 2 of 3: Terms"
      >
        <p>Form</p>
      </PagedEditor>,
    );
    const select = screen.getByRole('combobox', { name: 'Pages of the application' });
    expect(select).toHaveValue('terms');
    expect(Array.from((select as HTMLSelectElement).options).map((option) => option.textContent)).toEqual([
      '1. General',
      '2. Terms',
      '3. Policies (2 to fill)',
    ]);
    fireEvent.change(select, { target: { value: 'policies' } });
    expect(onGoTo).toHaveBeenLastCalledWith('policies');
    expect(screen.getByRole('button', { name: '2. Terms' })).toHaveAttribute('aria-current', 'step');
  });
});
