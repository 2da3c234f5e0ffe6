import { useMutation } from '@tanstack/react-query';
import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldPath, FieldValues, UseFormProps, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { reportWriteError } from '../api/writes';
import { notifyError } from '../api/notify';
import type { SaveConflictNoticeProps } from '../forms/choices/SaveConflictNotice';
import { useFormSaveConflict } from '../forms/choices/useSaveConflict';
import { SERVER_ERROR } from '../forms/fields';
import { focusFirstError } from '../forms/focusFirstError';
import { useKeptDraft, type KeptDraft } from '../forms/keptDraft';
import { useGuardedForm } from './LeaveGuard';
import { useZodForm } from '../forms/useZodForm';

/** An edit dialog's object: the version its values were read at, and how to meet someone else's save (ADR 0085). */
export interface ModalFormEdit<Input extends FieldValues> {
  version: number;
  /**
   * The object as it is saved now, in the form's values, after a save answered 409; null when it
   * cannot be read (gone, the network). A failed read counts as null.
   */
  readAgain: () => Promise<{ values: Input; version: number } | null>;
  /** The fields a conflict compares; without them, `order`. */
  keys?: readonly FieldPath<Input>[];
  /** A compared field's label. */
  label: (key: string) => string;
  /** A value as a person reads it where the plain text would not do (an id, a list of objects); undefined: the plain text. */
  text?: (key: string, value: unknown) => string | undefined;
  /** readAgain found nothing: without this the typing stays, and the next save says why. */
  onGone?: () => void;
}

export interface ModalFormOptions<Input extends FieldValues, Output, Saved> {
  /** The domain's schema of the form's values (the server checks the same). */
  schema: z.ZodType<Output, Input>;
  defaultValues: UseFormProps<Input, unknown, Output>['defaultValues'];
  /** The fields as the dialog shows them: the first with a message gets the focus. */
  order: readonly FieldPath<Input>[];
  /** The DOM id of a field's input (or of the box that stands for it). */
  fieldId: (name: string) => string;
  onClose: () => void;
  /** The title of the notification a refused save shows. */
  errorTitle: string;
  /** The write; `version` is the edited object's as last read, undefined when creating. */
  save: (values: Output, version: number | undefined) => Promise<Saved>;
  /** After a save, before the dialog closes: the caches to read again and the success notification. */
  onSaved: (saved: Saved) => void;
  /** Editing an existing object; without it the dialog creates one (a 409 then has no choices). */
  edit?: ModalFormEdit<Input>;
  /** Keeps the typing through a session that ends (forms/keptDraft.ts): the form's name and the object's id. */
  draft?: { form: string; id: string };
  /** Leaving the screen with unsaved edits asks first, on a screen with a LeaveGuard: the form's id there. */
  guard?: string;
  /** The form field a server message about `key` belongs to; without it, the keys of `order` as they are. */
  fieldOf?: (key: string) => FieldPath<Input> | null;
  /** Every server message per field, for those the form shows elsewhere (a policy editor's paths). */
  onFields?: (fields: Record<string, string>) => void;
  /** After the focus moved to the first problem: more to say about it (a notification). */
  onInvalid?: (errors: FieldErrors<Input>) => void;
}

/** What ModalFormBody shows and runs. */
export interface ModalFormControls {
  /** The `<form>`'s onSubmit: validation, the focus on the first problem, the save. */
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  busy: boolean;
  onClose: () => void;
  kept: KeptDraft | null;
  conflict: SaveConflictNoticeProps | null;
}

export interface ModalForm<Input extends FieldValues, Output> extends ModalFormControls {
  form: UseFormReturn<Input, unknown, Output>;
  /** A bound input's form, name and DOM id (forms/fields.tsx): `<TextInputField {...field('name')} label=… />`. */
  field: <Name extends FieldPath<Input>>(
    name: Name,
  ) => { control: UseFormReturn<Input, unknown, Output>['control']; name: Name; id: string };
  /** The version the next save sends; a write of the dialog's own (a logo upload) may move it. */
  setVersion: (next: (read: number | undefined) => number | undefined) => void;
}

const inOrder =
  <Input extends FieldValues>(order: readonly FieldPath<Input>[]) =>
  (key: string): FieldPath<Input> | null =>
    (order as readonly string[]).includes(key) ? (key as FieldPath<Input>) : null;

/**
 * A create or edit dialog's form (ADR 0106): the zod form, the submit mutation with its error
 * report, the server's messages at their fields, the focus on the first problem, the version and
 * the choices after a conflict, a kept draft and the leave guard. ModalForm (components/ModalForm.tsx) renders what it returns.
 */
export const useModalForm = <Input extends FieldValues, Output, Saved>(
  options: ModalFormOptions<Input, Output, Saved>,
): ModalForm<Input, Output> => {
  const { t } = useTranslation();
  const { order, fieldId, onClose, errorTitle, edit } = options;
  const form = useZodForm(options.schema, { defaultValues: options.defaultValues });
  const { conflict, resolve, version, setVersion } = useFormSaveConflict(form, edit?.keys ?? order, edit?.version);
  const kept = useKeptDraft(form, options.draft?.form ?? null, options.draft?.id ?? null);
  useGuardedForm(options.guard ?? null, { dirty: form.formState.isDirty, discard: onClose });

  /** Someone else saved first: their values beside what was typed. */
  const meetConflict = async () => {
    if (!edit) return;
    const theirs = await edit.readAgain().catch(() => null);
    if (theirs) resolve(theirs.values, theirs.version);
    else edit.onGone?.();
  };

  const fieldOf = options.fieldOf ?? inOrder(order);
  const saving = useMutation({
    mutationFn: (values: Output) => options.save(values, edit ? version : undefined),
    onSuccess: (saved) => {
      conflict.clear();
      options.onSaved(saved);
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, errorTitle, t, {
        conflictMessage: edit ? t('form.saveConflict.toast') : undefined,
        onConflict: () => void meetConflict(),
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields)) {
            const name = fieldOf(key);
            if (name) form.setError(name, { type: SERVER_ERROR, message });
          }
          options.onFields?.(fields);
        },
      }),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      if (conflict.undecided > 0)
        return notifyError(errorTitle, t('form.saveConflict.waiting', { count: conflict.undecided }));
      saving.mutate(values);
    },
    (errors) => {
      focusFirstError<Input>(order, fieldId)(errors);
      options.onInvalid?.(errors);
    },
  );

  const plain = (value: unknown) =>
    typeof value === 'boolean'
      ? t(value ? 'serviceView.yes' : 'serviceView.no')
      : Array.isArray(value)
        ? value.join(', ')
        : String(value ?? '');

  return {
    form,
    field: (name) => ({ control: form.control, name, id: fieldId(name) }),
    onSubmit,
    busy: saving.isPending,
    onClose,
    setVersion,
    kept: options.draft ? kept : null,
    conflict: edit
      ? {
          conflict,
          label: edit.label,
          text: (key, value) => (edit.text?.(key, value) ?? plain(value)) || t('serviceView.emptyValue'),
        }
      : null,
  };
};

export interface ModalFormSubmitOptions<Input extends FieldValues, Output> {
  schema: z.ZodType<Output, Input>;
  defaultValues: UseFormProps<Input, unknown, Output>['defaultValues'];
  order: readonly FieldPath<Input>[];
  fieldId: (name: string) => string;
  onClose: () => void;
  /** The checked values go to the screen that opened the dialog: it writes and closes. */
  submit: (values: Output) => unknown;
  /** The screen's write is under way. */
  busy: boolean;
}

/**
 * A dialog whose screen does the write (a workflow step with a comment, a view's name): the zod
 * form and the focus on the first problem, for ModalFormBody; the screen reports the write's error.
 */
export const useModalFormSubmit = <Input extends FieldValues, Output>(
  options: ModalFormSubmitOptions<Input, Output>,
): ModalFormControls & { form: UseFormReturn<Input, unknown, Output> } => {
  const form = useZodForm(options.schema, { defaultValues: options.defaultValues });
  return {
    form,
    onSubmit: form.handleSubmit(
      async (values) => void (await options.submit(values)),
      focusFirstError<Input>(options.order, options.fieldId),
    ),
    busy: options.busy,
    onClose: options.onClose,
    kept: null,
    conflict: null,
  };
};
