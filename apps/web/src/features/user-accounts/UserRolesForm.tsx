import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { ROLES, updateUserRolesSchema, type Role, type UserAccount } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../components/notify';
import { useZodForm } from '../../forms/useZodForm';
import { reportWriteError } from '../service/writes';
import { saveUserRoles, userAccountKeys } from './api';

const formSchema = z.object({ roles: updateUserRolesSchema.shape.roles });
type RolesForm = z.infer<typeof formSchema>;

/**
 * The portal manager's form for the roles given in the portal: one checkbox per role. A role the
 * identity provider maps is shown beside its box but cannot be changed here (the next login sets
 * it again). The save names the roles it read, so a change made meanwhile answers 409 and the form
 * shows the roles as they are now.
 */
export const UserRolesForm = ({ account }: { account: UserAccount }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = account.fullname || account.username;
  const { control, handleSubmit, reset } = useZodForm(formSchema, { defaultValues: { roles: account.roles } });
  // The account read again (after a save or a conflict): the form starts from its roles.
  useEffect(() => reset({ roles: account.roles }), [account.roles, reset]);

  const saving = useMutation({
    mutationFn: (values: RolesForm) => saveUserRoles(account.id, { roles: values.roles, expected: account.roles }),
    onSuccess: (saved) => {
      queryClient.setQueryData(userAccountKeys.detail(account.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['user-accounts', 'list'] });
      notifySuccess(t('userAccounts.rolesForm.save'), t('userAccounts.rolesForm.saved', { name }));
    },
    onError: (error) =>
      reportWriteError(error, t('userAccounts.rolesForm.save'), t, {
        onConflict: () => void queryClient.invalidateQueries({ queryKey: userAccountKeys.detail(account.id) }),
        conflictMessage: t('userAccounts.rolesForm.conflict'),
      }),
  });

  return (
    <form onSubmit={handleSubmit((values) => saving.mutate(values))} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('userAccounts.rolesForm.title')}
        </Title>
        <Text size="sm">{t('userAccounts.rolesForm.description')}</Text>
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
