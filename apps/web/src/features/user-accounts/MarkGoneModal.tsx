import { Text } from '@mantine/core';
import { markUserGoneSchema, type UserAccount } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { TextareaField } from '../../forms/fields';
import { markUserGone } from './api';

const REASON_ID = 'user-gone-reason';

export interface MarkGoneModalProps {
  opened: boolean;
  account: UserAccount;
  onClose: () => void;
  onSaved: (account: UserAccount) => void;
}

/** The portal manager marks a person gone, saying why (docs/adr/0123-people-who-leave.md). */
export const MarkGoneModal = ({ opened, account, onClose, onSaved }: MarkGoneModalProps) => {
  const { t } = useTranslation();
  const name = account.fullname || account.username;
  return (
    <ModalForm opened={opened} onClose={onClose} title={t('userAccounts.gone.formTitle', { name })}>
      <MarkGoneForm account={account} onClose={onClose} onSaved={onSaved} />
    </ModalForm>
  );
};

const MarkGoneForm = ({ account, onClose, onSaved }: Omit<MarkGoneModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const name = account.fullname || account.username;
  const modal = useModalForm({
    schema: markUserGoneSchema,
    defaultValues: { reason: '', version: account.version },
    order: ['reason'],
    fieldId: () => REASON_ID,
    onClose,
    errorTitle: t('userAccounts.gone.button'),
    save: (values) => markUserGone(account.id, values),
    onSaved: (saved) => {
      notifySuccess(t('userAccounts.gone.button'), t('userAccounts.gone.done', { name }));
      onSaved(saved);
    },
  });
  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('userAccounts.gone.confirm')}
      cancelLabel={t('serviceView.cancel')}
      danger
    >
      <Text>{t('userAccounts.gone.description')}</Text>
      <TextareaField
        {...modal.field('reason')}
        label={t('userAccounts.gone.reason')}
        description={t('userAccounts.gone.reasonDescription')}
        required
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        data-autofocus
      />
    </ModalFormBody>
  );
};
