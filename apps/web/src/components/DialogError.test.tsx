import { Button } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/renderWithProviders';
import { AppModal } from './AppModal';
import { notifyError, notifySuccess } from '../api/notify';

const notificationTitles = () =>
  Array.from(document.querySelectorAll('.mantine-Notification-title')).map((title) => title.textContent);

/** A page with a button that fails and a dialog whose Save fails or succeeds, as a form's write does. */
const Page = () => {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <Button onClick={() => notifyError('Cannot export', 'The list is too long.')}>Export</Button>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Edit contact" transitionProps={{ duration: 0 }}>
        <Button onClick={() => notifyError('Cannot save', 'Someone else changed this contact.')}>Save</Button>
        <Button onClick={() => notifySuccess('Saved', 'Ada Lovelace')}>Save well</Button>
        <Button onClick={() => setOpened(false)}>Cancel</Button>
      </AppModal>
    </>
  );
};

describe('errors inside a dialog', () => {
  beforeEach(() => initI18n('en'));

  it('shows an error of the open dialog inside it, not as a notification, until a success outdates it', async () => {
    renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Cannot save');
    expect(alert).toHaveTextContent('Someone else changed this contact.');
    expect(notificationTitles()).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save well' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await waitFor(() => expect(notificationTitles()).toEqual(['Saved']));
  });

  it('lets the person close the error', async () => {
    renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('passes an error still shown when the dialog closes on to a notification, and errors without a dialog go there too', async () => {
    renderWithProviders(<Page />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(notificationTitles()).toEqual(['Cannot save']));

    act(() => screen.getByRole('button', { name: 'Export' }).click());
    await waitFor(() => expect(notificationTitles()).toEqual(['Cannot save', 'Cannot export']));
  });
});
