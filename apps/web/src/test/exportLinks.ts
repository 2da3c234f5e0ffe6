import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The list's Export CSV and Export JSON links: the server's files of the list at `list` (its API
 * path), with the view's filters and order as `query` (`?q=…`), no page.
 */
export const expectExportLinks = (list: string, query = '') => {
  for (const format of ['CSV', 'JSON'])
    expect(screen.getByRole('link', { name: `Export ${format}` })).toHaveAttribute(
      'href',
      `${list}/export.${format.toLowerCase()}${query}`,
    );
};
