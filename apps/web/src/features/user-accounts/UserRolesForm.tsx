import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { ROLES, updateUserRolesSchema, type Role, type UserAccount } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../api/notify';
import { compareForConflict } from '../../forms/choices/saveConflict';
import { SaveConflictNotice } from '../../forms/choices/SaveConflictNotice';
import { useConflictChoices } from '../../forms/choices/useSaveConflict';
import { useZodForm } from '../../forms/useZodForm';
import { reportWriteError } from '../../api/writes';
import { fetchUserAccount, saveUserRoles, userAccountKeys } from './api';

const formSchema = z.object({ roles: updateUserRolesSchema.shape.roles });
type RolesForm = z.infer<typeof formSchema>;

/** A save conflict asks per role (ADR 0085): each box is a field. */
const roleFields = (roles: readonly Role[]): Record<string, unknown> =>
  Object.fromEntries(ROLES.map((role) => [role, roles.includes(role)]));

/**
 * The portal manager's form for the roles given in the portal: one checkbox per role. A role the
 * identity provider maps is shown beside its box but cannot be changed here (the next login sets
 * it again). The save names the roles it read, so a change made meanwhile answers 409; the form
 * keeps the boxes changed here and takes the other change's for the rest (ADR 0085).
 */
export const UserRolesForm = ({ account }: { account: UserAccount }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = account.fullname || account.username;
  const { control, handleSubmit, reset, getValues, setValue } = useZodForm(formSchema, {
    defaultValues: { roles: account.roles },
  });
  // The roles the form read: what the save expects the account to hold.
  const [read, setRead] = useState(account.roles);
  const apply = useCallback(
    (key: string, value: unknown) => {
      const others = getValues('roles').filter((role) => role !== key);
      setValue('roles', value === true ? ROLES.filter((role) => role === key || others.includes(role)) : others, {
        shouldDirty: true,
      });
    },
    [getValues, setValue],
  );
  const conflict = useConflictChoices(apply);
  /** Someone else changed the account's roles first: theirs taken where this form changed nothing. */
  const meetConflict = async () => {
    // Unreadable now (the network): the boxes stay, and the next save says why.
    const theirs = await queryClient
      .fetchQuery({
        queryKey: userAccountKeys.detail(account.id),
        queryFn: () => fetchUserAccount(account.id),
        staleTime: 0,
      })
      .catch(() => null);
    if (!theirs) return;
    const saved = roleFields(theirs.roles);
    const { rows, taken } = compareForConflict(ROLES, roleFields(read), roleFields(getValues('roles')), saved);
    for (const key of taken) apply(key, saved[key]);
    setRead(theirs.roles);
    conflict.start(rows, taken);
  };

  const saving = useMutation({
    mutationFn: (values: RolesForm) => saveUserRoles(account.id, { roles: values.roles, expected: read }),
    onSuccess: (saved) => {
      conflict.clear();
      reset({ roles: saved.roles });
      setRead(saved.roles);
      queryClient.setQueryData(userAccountKeys.detail(account.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['user-accounts', 'list'] });
      notifySuccess(t('userAccounts.rolesForm.save'), t('userAccounts.rolesForm.saved', { name }));
    },
    onError: (error) =>
      reportWriteError(error, t('userAccounts.rolesForm.save'), t, {
        onConflict: () => void meetConflict(),
        conflictMessage: t('form.saveConflict.toast'),
      }),
  });

  return (
    <form onSubmit={handleSubmit((values) => saving.mutate(values))} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('userAccounts.rolesForm.title')}
        </Title>
        <Text size="sm">{t('userAccounts.rolesForm.description')}</Text>
        <SaveConflictNotice
          conflict={conflict}
          label={(key) => t(`userAccounts.roles.${key as Role}`)}
          text={(_key, value) => t(value ? 'serviceView.yes' : 'serviceView.no')}
        />
        <Controller
          control={control}
          name="roles"
          render={({ field }) => (
            <Checkbox.Group
              label={t('userAccounts.details.portalRoles')}
              value={field.value}
              onChange={(value) => field.onChange(value as Role[])}
            >
              <Stack gap="xs" mt="xs">
                {ROLES.map((role) => (
                  <Checkbox
                    key={role}
                    value={role}
                    label={t(`userAccounts.roles.${role}`)}
                    description={
                      account.entitlementRoles.includes(role) ? t('userAccounts.rolesForm.fromIdp') : undefined
                    }
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group>
          <Button type="submit" loading={saving.isPending}>
            {t('userAccounts.rolesForm.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
