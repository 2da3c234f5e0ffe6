import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WeightingCriterionSettings } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';

const openSource: WeightingCriterionSettings = {
  key: 'openSource',
  label: { en: 'Open source', de: 'Open Source' },
  factor: 2,
  version: 4,
  options: [
    { key: 'yes', label: { en: 'Open source', de: 'Open Source' }, points: 2 },
    { key: 'no', label: { en: 'Closed source', de: 'Closed Source' }, points: 0 },
  ],
};

describe('admin panel: weighting', () => {
  it('lists factors and points and saves a changed factor and label with the version read', async () => {
    const calls = fakeApi({
      'GET /api/weighting-settings': () => ({ items: [openSource] }),
      'PUT /api/weighting-settings/openSource': () => ({
        criterion: { ...openSource, factor: 3, version: 5 },
        rescored: 7,
      }),
    });
    renderApp({ path: '/manage/adminPanel?tab=weighting', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Weighting criteria/ });
    const row = within(table).getByRole('rowheader', { name: 'Open source' }).closest('tr')!;
    expect(within(row).getByText(/Closed source/)).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Edit Open source' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Open source”' });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Factor/ }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getAllByRole('textbox', { name: /^Label \(German\)/ })[1]!, {
      target: { value: 'Geschlossener Quellcode' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and recompute scores' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      version: 4,
      factor: 3,
      options: [
        openSource.options[0],
        { key: 'no', label: { en: 'Closed source', de: 'Geschlossener Quellcode' }, points: 0 },
      ],
    });
    expect(await screen.findByText('Saved: 7 services have a new score.')).toBeInTheDocument();
  });

  it('refuses empty labels and bad points before asking the server, and shows its word on a field', async () => {
    const calls = fakeApi({
      'GET /api/weighting-settings': () => ({ items: [openSource] }),
      'PUT /api/weighting-settings/openSource': () =>
        apiError(400, 'invalid_input', 'Some fields are not valid.', {
          'options.0.points': 'Please enter a valid number',
        }),
    });
    renderApp({ path: '/manage/adminPanel?tab=weighting', user: PEOPLE.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Open source' }));
    const dialog = await screen.findByRole('dialog');
    const english = within(dialog).getAllByRole('textbox', { name: /^Label \(English\)/ })[0]!;
    fireEvent.change(english, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and recompute scores' }));
    expect(await within(dialog).findByText('This field cannot be empty')).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);
    fireEvent.change(english, { target: { value: 'Open' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and recompute scores' }));
    expect(await within(dialog).findByText('Please enter a valid number')).toBeInTheDocument();
  });

  it('after a 409 keeps what was typed, asks per option field both changed, and saves on top of their version', async () => {
    let held = openSource;
    const calls = fakeApi({
      'GET /api/weighting-settings': () => ({ items: [held] }),
      'PUT /api/weighting-settings/openSource': (call) => {
        const body = call.body as WeightingCriterionSettings;
        if (body.version !== held.version) return apiError(409, 'conflict', 'The object was changed in the meantime.');
        held = { ...held, ...body, version: held.version + 1 };
        return { criterion: held, rescored: 3 };
      },
    });
    renderApp({ path: '/manage/adminPanel?tab=weighting', user: PEOPLE.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Open source' }));
    const dialog = () => screen.getByRole('dialog', { name: 'Edit “Open source”' });
    await screen.findByRole('dialog', { name: 'Edit “Open source”' });
    // Someone else changes the factor and the second option's German label while the form is open.
    held = {
      ...held,
      factor: 5,
      version: 5,
      options: [held.options[0]!, { key: 'no', label: { en: 'Closed source', de: 'Proprietär' }, points: 0 }],
    };
    const german = () => within(dialog()).getAllByRole('textbox', { name: /^Label \(German\)/ })[1]!;
    const factor = () => within(dialog()).getByRole('spinbutton', { name: /^Factor/ });
    fireEvent.change(german(), { target: { value: 'Geschlossener Quellcode' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save and recompute scores' }));
    const notice = await within(dialog()).findByTestId('save-conflict');
    // The label both changed: the typing stays, theirs beside it; the factor only they changed: taken.
    expect(german()).toHaveValue('Geschlossener Quellcode');
    await waitFor(() => expect(factor()).toHaveValue(5));
    expect(within(notice).getByText(/Factor/)).toBeInTheDocument();
    const choice = within(notice).getByRole('group', { name: 'Value to keep: Option 2 – Label (German)' });
    fireEvent.click(within(choice).getByRole('button', { name: 'Keep mine' }));

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save and recompute scores' }));
    expect(await screen.findByText('Saved: 3 services have a new score.')).toBeInTheDocument();
    expect(writesOf(calls).map((call) => (call.body as WeightingCriterionSettings).version)).toEqual([4, 5]);
    expect(held).toMatchObject({
      factor: 5,
      version: 6,
      options: [openSource.options[0], { key: 'no', label: { en: 'Closed source', de: 'Geschlossener Quellcode' } }],
    });
  });
});
