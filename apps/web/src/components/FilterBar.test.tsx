import { NativeSelect } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/renderWithProviders';
import { FilterBar } from './FilterBar';

const original = window.matchMedia;
const screenIs = (phone: boolean) => {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: phone && query.includes('max-width: 47.99em'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
};
afterEach(() => {
  window.matchMedia = original;
});

const bar = (reset?: () => void) => (
  <FilterBar label="Search and filters" search={<input aria-label="Search" />} active={1} onReset={reset}>
    <NativeSelect label="State" data={['Any', 'Online']} />
  </FilterBar>
);

describe('FilterBar', () => {
  beforeEach(() => initI18n('en'));

  it('on a phone keeps the search in view and the filters behind "Filters (n)" until asked', () => {
    screenIs(true);
    renderWithProviders(bar(() => undefined));
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters (1)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'State' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'State' })).toBeVisible();
  });

  it('on a desktop shows search and filters in one row, with no button between', () => {
    screenIs(false);
    renderWithProviders(bar());
    expect(screen.getByRole('combobox', { name: 'State' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });
});
