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
import { useCallback, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../../api/notify';
import { compareForConflict } from '../../forms/choices/saveConflict';
import { SaveConflictNotice } from '../../forms/choices/SaveConflictNotice';
import { useConflictChoices } from '../../forms/choices/useSaveConflict';
import { useZodForm } from '../../forms/useZodForm';
import { reportWriteError } from '../../api/writes';
import { fetchMailSettings, mailKeys, saveMailSettings } from './api';

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

/** A save conflict asks for the language and per kind of mail (ADR 0085): each box is a field. */
const CONFLICT_KEYS = ['language', ...MAIL_KINDS] as const;
const conflictFields = (values: MailSettingsForm): Record<string, unknown> => ({
  language: values.language,
  ...Object.fromEntries(MAIL_KINDS.map((kind) => [kind, values.enabledKinds.includes(kind)])),
});

/** A choice written into the form: the language, or a kind of mail on or off. */
const useApplyChoice = ({ getValues, setValue }: Pick<UseFormReturn<MailSettingsForm>, 'getValues' | 'setValue'>) =>
  useCallback(
    (key: string, value: unknown) => {
      if (key === 'language') return setValue('language', value as Language, { shouldDirty: true });
      const others = getValues('enabledKinds').filter((kind) => kind !== key);
      setValue(
        'enabledKinds',
        value === true ? MAIL_KINDS.filter((kind) => kind === key || others.includes(kind)) : others,
        {
          shouldDirty: true,
        },
      );
    },
    [getValues, setValue],
  );

/** The own mail settings: the language of mails and, per kind, whether it comes at all. */
export const MailSettingsFormView = ({ settings }: { settings: MailSettings }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const uiLanguage: Language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const form = useZodForm(formSchema, { defaultValues: formValues(settings, uiLanguage) });
  const { control, handleSubmit, reset, getValues } = form;
  const apply = useApplyChoice(form);
  const conflict = useConflictChoices(apply);
  // What the form read: the version the next save sends and the values a conflict compares with.
  const [read, setRead] = useState(() => ({ version: settings.version, values: formValues(settings, uiLanguage) }));
  /** Another session saved the settings first: theirs beside what was chosen here. */
  const meetConflict = async () => {
    // Unreadable now (the network): the choices stay, and the next save says why.
    const theirs = await queryClient
      .fetchQuery({ queryKey: mailKeys.settings, queryFn: () => fetchMailSettings(), staleTime: 0 })
      .catch(() => null);
    if (!theirs) return;
    const saved = conflictFields(formValues(theirs, uiLanguage));
    const { rows, taken } = compareForConflict(
      CONFLICT_KEYS,
      conflictFields(read.values),
      conflictFields(getValues()),
      saved,
    );
    for (const key of taken) apply(key, saved[key]);
    setRead({ version: theirs.version, values: formValues(theirs, uiLanguage) });
    conflict.start(rows, taken);
  };
  const conflictLabel = (key: string) =>
    key === 'language' ? t('mail.settings.language') : t(`mail.kinds.${key as MailKind}`);
  const conflictText = (key: string, value: unknown) =>
    key === 'language'
      ? LANGUAGE_NAMES[value as Language]
      : t(value ? 'mail.settings.kindOn' : 'mail.settings.kindOff');

  const saving = useMutation({
    mutationFn: (values: MailSettingsForm) =>
      saveMailSettings({
        version: read.version,
        language: values.language,
        disabledKinds: MAIL_KINDS.filter((kind) => !values.enabledKinds.includes(kind)),
      }),
    onSuccess: (saved) => {
      conflict.clear();
      queryClient.setQueryData(mailKeys.settings, saved);
      reset(formValues(saved, uiLanguage));
      setRead({ version: saved.version, values: formValues(saved, uiLanguage) });
      notifySuccess(t('mail.settings.saved'), t('mail.settings.savedText'));
    },
    // A 409 keeps what was chosen and shows the other session's settings beside it (ADR 0085).
    onError: (error) =>
      reportWriteError(error, t('mail.settings.cannotSave'), t, {
        conflictMessage: t('form.saveConflict.toast'),
        onConflict: () => void meetConflict(),
      }),
  });

  return (
    <form
      onSubmit={handleSubmit((values) =>
        conflict.undecided > 0
          ? notifyError(t('mail.settings.cannotSave'), t('form.saveConflict.waiting', { count: conflict.undecided }))
          : saving.mutate(values),
      )}
      noValidate
    >
      <Stack gap="lg" maw={640}>
        <SaveConflictNotice conflict={conflict} label={conflictLabel} text={conflictText} />
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
