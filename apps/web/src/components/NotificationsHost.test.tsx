import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/renderWithProviders';
import { notifySuccess } from '../api/notify';

describe('where notifications show', () => {
  beforeEach(() => initI18n('en'));

  it('shows them top right below the header, away from the bottom corner where a form has its Save and Send', async () => {
    renderWithProviders(<p>A form</p>);
    act(() => notifySuccess('Saved', 'The VO application is saved.'));
    const title = await waitFor(() => {
      const found = document.querySelector('.mantine-Notification-title');
      expect(found).toHaveTextContent('Saved');
      return found!;
    });
    // app.css places this class below the header's height (--nubes-header-height).
    const container = title.closest('.app-notifications');
    expect(container).not.toBeNull();
    expect(container).toHaveAttribute('data-position', 'top-right');
  });
});
