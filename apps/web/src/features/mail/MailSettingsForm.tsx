import { Button, Checkbox, Group, Radio, Stack, Text } from '@mantine/core';
import {
  LANGUAGES,
  MAIL_KINDS,
  mailSettingsRequestSchema,
  type Language,
  type MailKind,
  type MailSettings,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../components/notify';
import { useZodForm } from '../../forms/useZodForm';
import { reportWriteError } from '../service/writes';
import { mailKeys, saveMailSettings } from './api';

/** The form shows the kinds a person gets (checked); the API stores the ones switched off. */
const formSchema = z.object({
  language: mailSettingsRequestSchema.shape.language,
  enabledKinds: mailSettingsRequestSchema.shape.disabledKinds,
});
type MailSettingsForm = z.infer<typeof formSchema>;

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

const formValues = (settings: MailSettings, fallbackLanguage: Language): MailSettingsForm => ({
  // Never saved: the language the person uses the portal in.
  language: settings.version === 1 ? fallbackLanguage : settings.language,
  enabledKinds: MAIL_KINDS.filter((kind) => !settings.disabledKinds.includes(kind)),
});

/** The own mail settings: the language of mails and, per kind, whether it comes at all. */
export const MailSettingsFormView = ({ settings }: { settings: MailSettings }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const uiLanguage: Language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const form = useZodForm(formSchema, { defaultValues: formValues(settings, uiLanguage) });
  const { control, handleSubmit, reset } = form;

  const saving = useMutation({
    mutationFn: (values: MailSettingsForm) =>
      saveMailSettings({
        version: settings.version,
        language: values.language,
        disabledKinds: MAIL_KINDS.filter((kind) => !values.enabledKinds.includes(kind)),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(mailKeys.settings, saved);
      reset(formValues(saved, uiLanguage));
      notifySuccess(t('mail.settings.saved'), t('mail.settings.savedText'));
    },
    // A 409 reads the settings again; the page keys this form by their version (ADR 19).
    onError: (error) =>
      reportWriteError(error, t('mail.settings.cannotSave'), t, {
        onConflict: () => void queryClient.invalidateQueries({ queryKey: mailKeys.settings }),
      }),
  });

  return (
    <form onSubmit={handleSubmit((values) => saving.mutate(values))} noValidate>
      <Stack gap="lg" maw={640}>
        <Text>
          {settings.email ? t('mail.settings.address', { email: settings.email }) : t('mail.settings.noAddress')}
        </Text>
        <Controller
          control={control}
          name="language"
          render={({ field }) => (
            <Radio.Group
              label={t('mail.settings.language')}
              value={field.value}
              onChange={(value) => field.onChange(value as Language)}
            >
              <Group mt="xs">
                {LANGUAGES.map((language) => (
                  <Radio key={language} value={language} label={LANGUAGE_NAMES[language]} lang={language} />
                ))}
              </Group>
            </Radio.Group>
          )}
        />
        <Controller
          control={control}
          name="enabledKinds"
          render={({ field }) => (
            <Checkbox.Group
              label={t('mail.settings.kinds')}
              value={field.value}
              onChange={(value) => field.onChange(value as MailKind[])}
            >
              <Stack gap="sm" mt="xs">
                {MAIL_KINDS.map((kind) => (
                  <Checkbox
                    key={kind}
                    value={kind}
                    label={t(`mail.kinds.${kind}`)}
                    description={t(`mail.kindDescriptions.${kind}`)}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Group>
          <Button type="submit" loading={saving.isPending}>
            {t('mail.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
