import { Checkbox, NativeSelect, Stack } from '@mantine/core';
import {
  createApiTokenSchema,
  scopesFor,
  TOKEN_EXPIRY_CHOICES,
  type CreateApiToken,
  type CreatedApiToken,
  type TokenScope,
} from '@nubes/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createApiToken } from '../../api/api-tokens';
import { useSession } from '../../auth/SessionProvider';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { TextInputField, useErrorText } from '../../forms/fields';

const FIELD_IDS: Record<string, string> = {
  name: 'api-token-name',
  expiresInDays: 'api-token-expiry',
  scopes: 'api-token-scopes',
};

export interface CreateApiTokenModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (created: CreatedApiToken) => void;
}

/** A new token: name, expiry and the scopes the person's roles allow (the domain's create schema). */
export const CreateApiTokenModal = ({ opened, onClose, onCreated }: CreateApiTokenModalProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm opened={opened} onClose={onClose} title={t('apiTokens.createTitle')} size="lg">
      <CreateApiTokenForm onClose={onClose} onCreated={onCreated} />
    </ModalForm>
  );
};

const CreateApiTokenForm = ({ onClose, onCreated }: Omit<CreateApiTokenModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { session, roles } = useSession();
  const scopes = session ? scopesFor({ id: '', username: session.username, roles }) : [];
  const modal = useModalForm({
    schema: createApiTokenSchema,
    defaultValues: { name: '', expiresInDays: 90, scopes: ['services:read'] as TokenScope[] },
    order: ['name', 'expiresInDays', 'scopes'],
    fieldId: (name) => FIELD_IDS[name] ?? name,
    onClose,
    errorTitle: t('apiTokens.create'),
    save: (values: CreateApiToken) => createApiToken(values),
    onSaved: onCreated,
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t('apiTokens.create')} cancelLabel={t('apiTokens.cancel')}>
      <TextInputField
        {...modal.field('name')}
        label={t('apiTokens.name')}
        description={t('apiTokens.nameHint')}
        required
        maxLength={100}
        data-autofocus
      />
      <Controller
        control={modal.form.control}
        name="expiresInDays"
        render={({ field, fieldState }) => (
          <NativeSelect
            ref={field.ref}
            onBlur={field.onBlur}
            id={FIELD_IDS.expiresInDays}
            label={t('apiTokens.expiry')}
            data={TOKEN_EXPIRY_CHOICES.map((days) => ({
              value: String(days),
              label: t('apiTokens.expiryDays', { count: days }),
            }))}
            value={String(field.value)}
            onChange={(event) => field.onChange(Number(event.currentTarget.value))}
            error={errorText(fieldState.error)}
          />
        )}
      />
      <Controller
        control={modal.form.control}
        name="scopes"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            id={FIELD_IDS.scopes}
            label={t('apiTokens.scopes')}
            required
            value={field.value}
            onChange={(value) => field.onChange(value as TokenScope[])}
            error={errorText(fieldState.error)}
          >
            <Stack gap="xs" mt="xs">
              {scopes.map((scope) => (
                <Checkbox
                  key={scope}
                  value={scope}
                  label={`${t(`apiTokens.scopeNames.${scope}`, { nsSeparator: false })} (${scope})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      />
    </ModalFormBody>
  );
};
