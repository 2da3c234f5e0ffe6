import { NativeSelect } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { phoneScreen, stubMatchMedia } from '../test/matchMedia';
import { renderWithProviders } from '../test/renderWithProviders';
import { FilterBar } from './FilterBar';

const original = window.matchMedia;
const screenIs = (phone: boolean) => {
  window.matchMedia = phone ? phoneScreen() : stubMatchMedia();
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
