import {
  createEntitlementRoleSchema,
  ROLES,
  type EntitlementRole,
  type EntitlementRoleFormInput,
  type Role,
} from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { NativeSelectField, TextInputField } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import { readAgainFromList } from '../../../components/readAgainFromList';
import { createEntitlementRole, entitlementRoleKeys, fetchEntitlementRoles, updateEntitlementRole } from './api';

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
  return (
    <ModalForm
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      title={t(editing === 'new' ? 'adminSections.entitlements.addTitle' : 'adminSections.entitlements.editTitle')}
    >
      <PairForm
        key={editing === 'new' || editing === null ? 'new' : editing.id}
        pair={editing === 'new' || editing === null ? undefined : editing}
        onClose={onClose}
      />
    </ModalForm>
  );
};

const defaultsOf = (pair: EntitlementRole | undefined): EntitlementRoleFormInput => ({
  entitlement: pair?.entitlement ?? '',
  role: pair?.role ?? ('' as never),
});

const PairForm = ({ pair, onClose }: { pair: EntitlementRole | undefined; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: createEntitlementRoleSchema,
    defaultValues: defaultsOf(pair),
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('adminSections.entitlements.cannotSave'),
    save: (values, version) =>
      pair
        ? updateEntitlementRole(pair.id, { ...values, version: version ?? pair.version })
        : createEntitlementRole(values),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: entitlementRoleKeys.all });
      notifySuccess(
        t(pair ? 'adminSections.entitlements.updated' : 'adminSections.entitlements.created'),
        saved.entitlement,
      );
    },
    edit: pair && {
      version: pair.version,
      readAgain: readAgainFromList(
        queryClient,
        { queryKey: entitlementRoleKeys.all, queryFn: () => fetchEntitlementRoles() },
        (candidate) => candidate.id === pair.id,
        defaultsOf,
      ),
      label: (key) => t(key === 'role' ? 'adminSections.entitlements.role' : 'adminSections.entitlements.entitlement'),
      text: (key, value) => (key === 'role' && value ? t(`userAccounts.roles.${value as Role}`) : undefined),
    },
  });
  const { field } = modal;

  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('adminSections.entitlements.save')}
      cancelLabel={t('adminSections.entitlements.cancel')}
    >
      <TextInputField
        {...field('entitlement')}
        label={t('adminSections.entitlements.entitlement')}
        description={t('adminSections.entitlements.entitlementDescription')}
        withAsterisk
      />
      <NativeSelectField
        {...field('role')}
        label={t('adminSections.entitlements.role')}
        data={[
          { value: '', label: t('adminSections.entitlements.chooseRole') },
          ...ROLES.map((role) => ({ value: role, label: t(`userAccounts.roles.${role}`) })),
        ]}
        withAsterisk
      />
    </ModalFormBody>
  );
};
