import { createInstitutionSchema, type InstitutionFormInput } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { initI18n, loadScreenMessages } from '../i18n/i18n';
import { renderWithProviders } from '../test/renderWithProviders';
import { CheckboxField, TextInputField } from '../forms/fields';
import { ModalForm, ModalFormBody } from './ModalForm';
import { useModalForm, useModalFormSubmit, type ModalFormEdit } from './useModalForm';
import { statusNoticeSchema } from '@nubes/domain';

const ORDER = ['abbreviation', 'name', 'isCentre'] as const;
const fieldId = (name: string) => `test-${name}`;
const EMPTY: InstitutionFormInput = {
  abbreviation: '',
  name: '',
  url: '',
  description: '',
  isCentre: false,
  isServiceProvider: false,
};

interface Saved {
  abbreviation: string;
}

const TestForm = (props: {
  save: (values: unknown, version: number | undefined) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onClose: () => void;
  edit?: ModalFormEdit<InstitutionFormInput>;
  defaults?: InstitutionFormInput;
}) => {
  const modal = useModalForm({
    schema: createInstitutionSchema,
    defaultValues: props.defaults ?? EMPTY,
    order: ORDER,
    fieldId,
    onClose: props.onClose,
    errorTitle: 'Cannot save the institution',
    save: props.save,
    onSaved: props.onSaved,
    edit: props.edit,
  });
  const { control } = modal.form;
  return (
    <ModalFormBody modal={modal} submitLabel="Save" cancelLabel="Cancel">
      <TextInputField control={control} name="abbreviation" id={fieldId('abbreviation')} label="Abbreviation" />
      <TextInputField control={control} name="name" id={fieldId('name')} label="Name" />
      <CheckboxField control={control} name="isCentre" id={fieldId('isCentre')} label="Centre" />
    </ModalFormBody>
  );
};

const renderDialog = (props: Parameters<typeof TestForm>[0]) =>
  renderWithProviders(
    <ModalForm opened onClose={props.onClose} title="Edit institution" size="lg" instant>
      <TestForm {...props} />
    </ModalForm>,
  );

const type = (label: string, value: string) =>
  fireEvent.change(within(screen.getByRole('dialog')).getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));

describe('the modal form shape', () => {
  beforeEach(async () => {
    initI18n('en');
    await loadScreenMessages();
  });

  it('checks with the domain’s schema first: messages at the fields, the focus on the first in the form’s order, nothing sent', async () => {
    const send = vi.fn();
    renderDialog({ save: send, onSaved: vi.fn(), onClose: vi.fn() });
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    type('Name', 'Leibniz Rechenzentrum');
    save();
    const abbreviation = within(dialog).getByLabelText('Abbreviation');
    await waitFor(() => expect(abbreviation).toHaveAttribute('aria-invalid', 'true'));
    await waitFor(() => expect(document.activeElement).toBe(abbreviation));
    expect(within(dialog).getByLabelText('Name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
  });

  it('saves, hands the answer on and closes; a refusal’s words go inside the dialog and its field messages to the fields', async () => {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    const send = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'invalid_input', 'The input is not valid.', { abbreviation: 'This abbreviation is taken.' }),
      )
      .mockResolvedValueOnce({ abbreviation: 'LRZ' });
    renderDialog({ save: send, onSaved, onClose });
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    type('Abbreviation', 'LRZ');
    type('Name', 'Leibniz Rechenzentrum');
    save();
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Cannot save the institution');
    expect(alert).toHaveTextContent('The input is not valid.');
    expect(await within(dialog).findByText('This abbreviation is taken.')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ abbreviation: 'LRZ' }), undefined);
    expect(onClose).not.toHaveBeenCalled();

    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ abbreviation: 'LRZ' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('after a 409 keeps what was typed, takes their other change, asks where both changed, and saves with their version', async () => {
    const read: InstitutionFormInput = { ...EMPTY, abbreviation: 'LRZ', name: 'Leibniz' };
    const theirs: InstitutionFormInput = { ...read, name: 'Leibniz-Rechenzentrum', isCentre: true };
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'conflict', 'Someone else changed it.'))
      .mockResolvedValueOnce({ abbreviation: 'LRZ' });
    renderDialog({
      save: send,
      onSaved: vi.fn(),
      onClose: vi.fn(),
      defaults: read,
      edit: {
        version: 3,
        readAgain: () => Promise.resolve({ values: theirs, version: 4 }),
        label: (key) => ({ abbreviation: 'Abbreviation', name: 'Name', isCentre: 'Centre' })[key] ?? key,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit institution' });
    type('Name', 'LRZ München');
    save();
    await within(dialog).findByText('Someone else saved first');
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'LRZ München' }), 3);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('LRZ München');
    await waitFor(() => expect(within(dialog).getByLabelText('Centre')).toBeChecked());

    save();
    // The 409's alert is still shown until the form's asynchronous submit has run; wait for the new words.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose for 1 more field before saving.'),
    );
    expect(send).toHaveBeenCalledTimes(1);

    fireEvent.click(within(screen.getByTestId('save-conflict')).getByRole('button', { name: 'Keep mine' }));
    save();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'LRZ München', isCentre: true }), 4);
  });
});

const NoticeForm = ({ submit, busy }: { submit: (values: unknown) => void; busy: boolean }) => {
  const modal = useModalFormSubmit({
    schema: statusNoticeSchema,
    defaultValues: { reason: '', expectedEnd: null },
    order: ['reason'],
    fieldId: () => 'notice-reason',
    onClose: vi.fn(),
    submit,
    busy,
  });
  return (
    <ModalFormBody modal={modal} submitLabel="Take the step" cancelLabel="Cancel" danger>
      <TextInputField control={modal.form.control} name="reason" id="notice-reason" label="Reason" />
    </ModalFormBody>
  );
};

describe('a modal form whose screen writes', () => {
  beforeEach(() => initI18n('en'));

  it('hands the checked values to the screen and shows the screen’s write under way', async () => {
    const submit = vi.fn();
    renderWithProviders(
      <ModalForm opened onClose={vi.fn()} title="Take the step" instant>
        <NoticeForm submit={submit} busy={false} />
      </ModalForm>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Take the step' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Maintenance' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take the step' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ reason: 'Maintenance', expectedEnd: null }));
  });
});
