import { Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createEntitlementRoleSchema,
  ROLES,
  type CreateEntitlementRole,
  type EntitlementRole,
  type EntitlementRoleFormInput,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../components/notify';
import { NativeSelectField, SERVER_ERROR, TextInputField } from '../../../forms/fields';
import { focusFirstError } from '../../../forms/focusFirstError';
import { useZodForm } from '../../../forms/useZodForm';
import { reportWriteError } from '../../service/writes';
import { createEntitlementRole, entitlementRoleKeys, updateEntitlementRole } from './api';
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
          // A new version (the reload after a 409) shows the pair as it is now (ADR 19).
          key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
          pair={editing === 'new' ? undefined : editing}
          onClose={onClose}
        />
      )}
    </AppModal>
  );
};

const PairForm = ({ pair, onClose }: { pair: EntitlementRole | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError } = useZodForm(createEntitlementRoleSchema, {
    defaultValues: { entitlement: pair?.entitlement ?? '', role: pair?.role ?? ('' as never) },
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: entitlementRoleKeys.all });
  const saving = useMutation({
    mutationFn: (values: CreateEntitlementRole) =>
      pair ? updateEntitlementRole(pair.id, { ...values, version: pair.version }) : createEntitlementRole(values),
    onSuccess: (saved) => {
      reload();
      notifySuccess(
        t(pair ? 'adminSections.entitlements.updated' : 'adminSections.entitlements.created'),
        saved.entitlement,
      );
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('adminSections.entitlements.cannotSave'), t, {
        onConflict: reload,
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields))
            if ((FIELD_ORDER as readonly string[]).includes(key))
              setError(key as FieldPath<EntitlementRoleFormInput>, { type: SERVER_ERROR, message });
        },
      }),
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => saving.mutate(values), focusFirstError(FIELD_ORDER, fieldId))}>
      <Stack gap="md">
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
