import { Checkbox, SimpleGrid } from '@mantine/core';
import {
  createWebhookSchema,
  FEED_EVENT_TYPES,
  type CreateWebhook,
  type FeedEventType,
  type Webhook,
  type WebhookWithSecret,
} from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import { readAgainFromList } from '../../../components/readAgainFromList';
import { CheckboxField, TextareaField, TextInputField, useErrorText } from '../../../forms/fields';
import { createWebhook, fetchWebhooks, updateWebhook, webhookKeys } from './api';

const FIELD_ORDER = [
  'url',
  'eventTypes',
  'active',
  'description',
] as const satisfies readonly FieldPath<CreateWebhook>[];
const fieldId = (name: string) => `webhook-${name}`;

/** Registers a webhook (`'new'`) or changes one: its address, events, activity and description. */
export const WebhookModal = ({
  editing,
  onClose,
  onCreated,
}: {
  editing: Webhook | 'new' | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) => {
  const { t } = useTranslation();
  const hook = editing === 'new' || editing === null ? undefined : editing;
  return (
    <ModalForm
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      title={t(hook ? 'webhooks.editTitle' : 'webhooks.addTitle')}
    >
      <WebhookForm key={hook?.id ?? 'new'} hook={hook} onClose={onClose} onCreated={onCreated} />
    </ModalForm>
  );
};

const defaultsOf = (hook: Webhook | undefined): CreateWebhook => ({
  url: hook?.url ?? '',
  eventTypes: hook?.eventTypes ?? [...FEED_EVENT_TYPES],
  active: hook?.active ?? true,
  description: hook?.description ?? '',
});

const WebhookForm = ({
  hook,
  onClose,
  onCreated,
}: {
  hook: Webhook | undefined;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: createWebhookSchema,
    defaultValues: defaultsOf(hook),
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('webhooks.cannotSave'),
    save: (values, version): Promise<Webhook | WebhookWithSecret> =>
      hook ? updateWebhook(hook.id, { ...values, version: version ?? hook.version }) : createWebhook(values),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      if ('secret' in saved) onCreated(saved);
      else notifySuccess(t('webhooks.updated'), saved.url);
    },
    edit: hook && {
      version: hook.version,
      readAgain: readAgainFromList(
        queryClient,
        { queryKey: webhookKeys.all, queryFn: () => fetchWebhooks() },
        (candidate) => candidate.id === hook.id,
        defaultsOf,
      ),
      label: (key) => t(`webhooks.${key as (typeof FIELD_ORDER)[number]}`),
      text: (key, value) =>
        key === 'eventTypes' && Array.isArray(value)
          ? value.map((type) => t(`webhooks.types.${type as FeedEventType}`, { nsSeparator: false })).join(', ')
          : undefined,
    },
  });
  const { field } = modal;

  return (
    <ModalFormBody modal={modal} submitLabel={t('webhooks.save')} cancelLabel={t('webhooks.cancel')}>
      <TextInputField
        {...field('url')}
        label={t('webhooks.url')}
        description={t('webhooks.urlDescription')}
        withAsterisk
        data-autofocus
      />
      <Controller
        control={modal.form.control}
        name="eventTypes"
        render={({ field: types, fieldState }) => (
          <Checkbox.Group
            id={fieldId('eventTypes')}
            label={t('webhooks.eventTypes')}
            withAsterisk
            value={types.value}
            onChange={(value) => types.onChange(value as FeedEventType[])}
            error={errorText(fieldState.error)}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
              {FEED_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={t(`webhooks.types.${type}`, { nsSeparator: false })} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      <CheckboxField {...field('active')} label={t('webhooks.active')} description={t('webhooks.activeDescription')} />
      <TextareaField
        {...field('description')}
        label={t('webhooks.description')}
        description={t('webhooks.descriptionDescription')}
        autosize
        minRows={2}
      />
    </ModalFormBody>
  );
};
