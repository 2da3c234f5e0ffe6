import type { FieldDefinition, ServiceDetail } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifyInfo, notifySuccess } from '../../api/notify';
import { compareForConflict } from '../../forms/choices/saveConflict';
import { useConflictChoices } from '../../forms/choices/useSaveConflict';
import { createService, fetchService, updateService } from '../../api/services';
import {
  draftFromService,
  firstErrorKey,
  NAME_KEY,
  PROVIDER_KEY,
  saveErrors,
  type DraftValues,
  type ServiceChanges,
} from './formModel';
import { focusField, type ServiceDraft } from './useServiceDraft';
import { reportWriteError, useServiceCache } from '../../api/writes';
import type { MessageKey } from '@nubes/domain';

export interface SaveOptions {
  /** The service being edited; null for a new application. */
  service: ServiceDetail | null;
  draft: ServiceDraft;
  /** The catalogue fields this form edits; their format errors refuse the save. */
  fields: readonly FieldDefinition[];
  /** The order of the inputs, for moving the focus to the first problem. */
  order: readonly string[];
  /** The title of a refused save: "Cannot save Service" or "Cannot save Service Information". */
  cannotSaveKey: MessageKey;
  /** Shows the field (another page, say) and moves the focus to it. */
  focus?: (key: string) => void;
}

/** A draft's values by one key each: the name, the provider and the catalogue's fields. */
const flat = (values: DraftValues): Record<string, unknown> => ({
  ...values.fields,
  [NAME_KEY]: values.name,
  [PROVIDER_KEY]: values.providerInstitutionId,
});

/** What a save ended with: the service as saved, 'unchanged' (nothing to save) or 'failed'. */
export type SaveResult = ServiceDetail | 'unchanged' | 'failed';

/**
 * Saving a service: only the name is needed ("Please add a title"); any format error refuses the
 * save ("Please resolve errors before saving"); no change says "Nothing to save". The request
 * carries only the changes and the version that was read. A conflict reads the service again and
 * keeps what was typed: the fields both people changed wait for the person's choice (`conflict`,
 * shown by ServiceSaveConflict), and the save waits for those choices (ADR 0085).
 */
export const useSaveService = ({ service, draft, fields, order, cannotSaveKey, focus = focusField }: SaveOptions) => {
  const { t } = useTranslation();
  const { store, reload } = useServiceCache(service?.id);
  const { setField, setName, setProvider } = draft;
  const apply = useCallback(
    (key: string, value: unknown) => {
      if (key === NAME_KEY) setName(String(value ?? ''));
      else if (key === PROVIDER_KEY) setProvider(typeof value === 'string' ? value : null);
      else setField(key, value as Parameters<typeof setField>[1]);
    },
    [setField, setName, setProvider],
  );
  const conflict = useConflictChoices(apply);

  /** The service as the other person saved it becomes the draft's base; the draft keeps the edits over it. */
  const meetConflict = async () => {
    if (!service) return reload();
    const mine = flat(draft.values);
    const before = flat(draftFromService(service));
    let fresh: ServiceDetail;
    try {
      fresh = await fetchService(service.id);
    } catch {
      return reload();
    }
    const theirs = flat(draftFromService(fresh));
    const { rows, taken } = compareForConflict(Object.keys({ ...before, ...theirs }), before, mine, theirs);
    store(fresh);
    conflict.start(rows, taken);
  };

  const mutation = useMutation({
    mutationFn: (changes: ServiceChanges) =>
      service
        ? updateService(service.id, { ...changes, version: service.version })
        : createService({ ...changes, name: draft.values.name.trim() }),
    onSuccess: (saved) => {
      store(saved);
      draft.reset();
      conflict.clear();
      if (service) notifySuccess(t('service.updated'), t('serviceView.savedText', { name: saved.name }));
      else notifySuccess(t('service.created'), t('serviceView.createdText', { serviceId: saved.serviceId }));
    },
    onError: (error) =>
      reportWriteError(error, t(cannotSaveKey), t, {
        conflictMessage: service ? t('form.saveConflict.toast') : undefined,
        onConflict: () => void meetConflict(),
        onFields: (messages) => {
          draft.showErrors(messages, 'texts');
          const first = firstErrorKey(messages, order);
          if (first) focus(first);
        },
      }),
  });
  const { mutateAsync } = mutation;

  const save = useCallback(
    async ({ quietWhenUnchanged = false } = {}): Promise<SaveResult> => {
      const errors = saveErrors(fields, draft.values);
      if (Object.keys(errors).length > 0) {
        draft.showErrors(errors, 'keys');
        if (errors[NAME_KEY] && Object.keys(errors).length === 1) {
          notifyError(t('serviceView.fieldEmpty'), t('service.nameRequired'));
        } else {
          notifyError(t(cannotSaveKey), t('service.resolveErrors'));
        }
        const first = firstErrorKey(errors, order);
        if (first) focus(first);
        return 'failed';
      }
      if (conflict.undecided > 0) {
        notifyError(t(cannotSaveKey), t('form.saveConflict.waiting', { count: conflict.undecided }));
        return 'failed';
      }
      const changes = draft.changes;
      if (service && !changes) {
        if (!quietWhenUnchanged) notifyInfo(t('service.nothingToSave'), t('serviceView.nothingToSaveText'));
        return 'unchanged';
      }
      try {
        return await mutateAsync(changes ?? {});
      } catch {
        // Reported by the mutation's onError.
        return 'failed';
      }
    },
    [fields, draft, order, cannotSaveKey, focus, service, mutateAsync, t, conflict.undecided],
  );

  return { save, saving: mutation.isPending, conflict };
};
