import { Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createEntitlementRoleSchema,
  ROLES,
  type CreateEntitlementRole,
  type EntitlementRole,
  type EntitlementRoleFormInput,
  type Role,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { SaveConflictNotice } from '../../../forms/choices/SaveConflictNotice';
import { useFormSaveConflict } from '../../../forms/choices/useSaveConflict';
import { NativeSelectField, SERVER_ERROR, TextInputField } from '../../../forms/fields';
import { focusFirstError } from '../../../forms/focusFirstError';
import { useZodForm } from '../../../forms/useZodForm';
import { reportWriteError } from '../../../api/writes';
import { createEntitlementRole, entitlementRoleKeys, fetchEntitlementRoles, updateEntitlementRole } from './api';
import { AppModal } from '../../../components/AppModal';

const FIELD_ORDER = ['entitlement', 'role'] as const satisfies readonly FieldPath<EntitlementRoleFormInput>[];
const fieldId = (name: string) => `entitlement-role-${name}`;

interface Props {
  /** `new` adds a pair; a pair (as the list has it now) is edited; null: closed. */
  editing: EntitlementRole | 'new' | null;
  onClose: () => void;
}

/** Add or edit one pair of the map: the entitlement value and the role it gives. */
export const EntitlementRoleModal = ({ editing, onClose }: Props) => {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <AppModal
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t(editing === 'new' ? 'adminSections.entitlements.addTitle' : 'adminSections.entitlements.editTitle')}
      closeButtonProps={{ 'aria-label': t('adminSections.entitlements.close') }}
    >
      {editing !== null && (
        <PairForm
          // The pair, not its version: after a 409 the form keeps what was typed (ADR 0085).
          key={editing === 'new' ? 'new' : editing.id}
          pair={editing === 'new' ? undefined : editing}
          onClose={onClose}
        />
      )}
    </AppModal>
  );
};

const defaultsOf = (pair: EntitlementRole | undefined): EntitlementRoleFormInput => ({
  entitlement: pair?.entitlement ?? '',
  role: pair?.role ?? ('' as never),
});

const PairForm = ({ pair, onClose }: { pair: EntitlementRole | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(createEntitlementRoleSchema, { defaultValues: defaultsOf(pair) });
  const { control, handleSubmit, setError } = form;
  const { conflict, resolve, version } = useFormSaveConflict(form, FIELD_ORDER, pair?.version);
  const reload = () => void queryClient.invalidateQueries({ queryKey: entitlementRoleKeys.all });
  /** Someone else saved the pair first: their entitlement and role beside what was typed (ADR 0085). */
  const meetConflict = async () => {
    if (!pair) return;
    // Unreadable now (removed, the network): the typing stays, and the next save says why.
    const list = await queryClient
      .fetchQuery({ queryKey: entitlementRoleKeys.all, queryFn: () => fetchEntitlementRoles(), staleTime: 0 })
      .catch(() => null);
    const theirs = list?.items.find((candidate) => candidate.id === pair.id);
    if (theirs) resolve(defaultsOf(theirs), theirs.version);
  };
  const saving = useMutation({
    mutationFn: (values: CreateEntitlementRole) =>
      pair
        ? updateEntitlementRole(pair.id, { ...values, version: version ?? pair.version })
        : createEntitlementRole(values),
    onSuccess: (saved) => {
      conflict.clear();
      reload();
      notifySuccess(
        t(pair ? 'adminSections.entitlements.updated' : 'adminSections.entitlements.created'),
        saved.entitlement,
      );
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('adminSections.entitlements.cannotSave'), t, {
        conflictMessage: pair ? t('form.saveConflict.toast') : undefined,
        onConflict: () => void meetConflict(),
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields))
            if ((FIELD_ORDER as readonly string[]).includes(key))
              setError(key as FieldPath<EntitlementRoleFormInput>, { type: SERVER_ERROR, message });
        },
      }),
  });
  const save = (values: CreateEntitlementRole) => {
    if (conflict.undecided > 0)
      return notifyError(
        t('adminSections.entitlements.cannotSave'),
        t('form.saveConflict.waiting', { count: conflict.undecided }),
      );
    saving.mutate(values);
  };
  const conflictText = (key: string, value: unknown) =>
    (key === 'role' && value ? t(`userAccounts.roles.${value as Role}`) : String(value ?? '')) ||
    t('serviceView.emptyValue');

  return (
    <form noValidate onSubmit={handleSubmit(save, focusFirstError(FIELD_ORDER, fieldId))}>
      <Stack gap="md">
        <SaveConflictNotice
          conflict={conflict}
          label={(key) =>
            t(key === 'role' ? 'adminSections.entitlements.role' : 'adminSections.entitlements.entitlement')
          }
          text={conflictText}
        />
        <TextInputField
          control={control}
          name="entitlement"
          id={fieldId('entitlement')}
          label={t('adminSections.entitlements.entitlement')}
          description={t('adminSections.entitlements.entitlementDescription')}
          withAsterisk
        />
        <NativeSelectField
          control={control}
          name="role"
          id={fieldId('role')}
          label={t('adminSections.entitlements.role')}
          data={[
            { value: '', label: t('adminSections.entitlements.chooseRole') },
            ...ROLES.map((role) => ({ value: role, label: t(`userAccounts.roles.${role}`) })),
          ]}
          withAsterisk
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('adminSections.entitlements.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('adminSections.entitlements.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
