import { Stack, Text } from '@mantine/core';
import { HANDOVER_GROUPS, handOverSchema, type HandoverGroup, type HandoverItem } from '@nubes/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { UserPicker } from '../../components/UserPicker';
import { useModalForm } from '../../components/useModalForm';
import { useErrorText } from '../../forms/fields';
import { handOver } from './api';

const fieldId = (name: string) => `handover-${name.replace('.', '-')}`;

export interface HandOverModalProps {
  opened: boolean;
  personId: string;
  name: string;
  items: readonly HandoverItem[];
  onClose: () => void;
  onDone: (count: number) => void;
}

/** Who receives the picked items: one person per kind among them (docs/adr/0123-people-who-leave.md). */
export const HandOverModal = ({ opened, name, items, ...props }: HandOverModalProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm
      opened={opened}
      onClose={props.onClose}
      title={t('handover.dialogTitle', { count: items.length, name })}
      size="lg"
    >
      <HandOverForm items={items} {...props} />
    </ModalForm>
  );
};

const HandOverForm = ({ personId, items, onClose, onDone }: Omit<HandOverModalProps, 'opened' | 'name'>) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const groups = HANDOVER_GROUPS.filter((group) => items.some((item) => item.group === group));
  const order = groups.map((group) => `receivers.${group}` as const);
  const modal = useModalForm({
    schema: handOverSchema,
    defaultValues: { items: items.map((item) => item.key), receivers: {} },
    order,
    fieldId,
    onClose,
    errorTitle: t('handover.submit'),
    save: (values) => handOver(personId, values),
    onSaved: ({ handedOver }) => onDone(handedOver),
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t('handover.submit')} cancelLabel={t('serviceView.cancel')}>
      <Stack gap="md">
        <Text>{t('handover.dialogText')}</Text>
        {groups.map((group: HandoverGroup) => (
          <Controller
            key={group}
            control={modal.form.control}
            name={`receivers.${group}`}
            render={({ field, fieldState }) => (
              <UserPicker
                id={fieldId(field.name)}
                label={t(`handover.groups.${group}`)}
                description={t('handover.receiverPlaceholder')}
                value={field.value ?? null}
                onChange={(user) => field.onChange(user?.id)}
                onBlur={field.onBlur}
                error={errorText(fieldState.error)}
                required
              />
            )}
          />
        ))}
      </Stack>
    </ModalFormBody>
  );
};
