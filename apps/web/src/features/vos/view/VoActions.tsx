import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  routePath,
  voPageOf,
  voTransitionSchema,
  type VoAction,
  type VoDetails,
  type VoFormValues,
} from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { TextareaField } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalFormSubmit } from '../../../components/useModalForm';
import { Link } from '../../../routing';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { reportWriteError } from '../../../api/writes';
import { runVoTransition } from '../api';
import { useVoCache } from '../useVoCache';

/** Steps that end or undo something: shown in red, so they are not taken by mistake. */
const DESTRUCTIVE: ReadonlySet<VoAction> = new Set(['withdraw', 'backToDraft']);

/** Back to draft from received: the supervisor must say what to change (the domain's rule). */
const commentSchema = voTransitionSchema
  .pick({ comment: true })
  .refine((value) => Boolean(value.comment?.trim()), { path: ['comment'], message: 'vos.validation.commentRequired' });

interface StepProps {
  vo: VoDetails;
  action: VoAction;
  /** The step must carry a comment. */
  withComment: boolean;
  busy: boolean;
  onTake: (comment?: string) => void;
  onCancel: () => void;
}

const CommentDialog = ({ action, busy, onTake, onCancel }: Omit<StepProps, 'vo' | 'withComment'>) => {
  const { t } = useTranslation();
  return (
    <ModalForm opened onClose={onCancel} title={t(`vos.actions.${action}`)} instant>
      <CommentForm action={action} busy={busy} onTake={onTake} onCancel={onCancel} />
    </ModalForm>
  );
};

const CommentForm = ({ action, busy, onTake, onCancel }: Omit<StepProps, 'vo' | 'withComment'>) => {
  const { t } = useTranslation();
  const modal = useModalFormSubmit({
    schema: commentSchema,
    defaultValues: { comment: '' },
    order: ['comment'],
    fieldId: () => 'vo-step-comment',
    onClose: onCancel,
    submit: (values) => onTake(values.comment),
    busy,
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t(`vos.actions.${action}`)} cancelLabel={t('serviceView.cancel')} danger>
      <Text>{t(`vos.confirm.${action}`)}</Text>
      <TextareaField
        control={modal.form.control}
        name="comment"
        id="vo-step-comment"
        label={t('vos.fields.comment')}
        withAsterisk
        autosize
        minRows={3}
        data-autofocus
      />
    </ModalFormBody>
  );
};

/** What a refused send lacks, each with a way to its page of the application. */
const SendProblems = ({ vo, fields }: { vo: VoDetails; fields: Record<string, string> }) => {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('vos.messages.sendFailed')}>
      <ul className="inline-list">
        {Object.entries(fields).map(([field, message]) => {
          const page = voPageOf(field);
          const label = page ? t(`vos.fields.${field as keyof VoFormValues}`) : field;
          return (
            <li key={field}>
              {page && vo.canEdit ? (
                <Anchor component={Link} to={`${routePath('voApplicationEdit', { id: vo.id })}?page=${page}`}>
                  {`${label}: ${message}`}
                </Anchor>
              ) : (
                `${label}: ${message}`
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
};

/**
 * The steps this user may take on the VO now, exactly as the server lists them. Each asks first;
 * back to draft from received asks for the comment the VO managers will read.
 */
export const VoActions = ({ vo }: { vo: VoDetails }) => {
  const { t } = useTranslation();
  const { store, reload } = useVoCache(vo.id);
  const [asking, setAsking] = useState<VoAction | null>(null);
  const [problems, setProblems] = useState<Record<string, string> | null>(null);

  const step = useMutation({
    mutationFn: ({ action, comment }: { action: VoAction; comment?: string }) =>
      runVoTransition(vo.id, { action, version: vo.version, ...(comment ? { comment } : {}) }),
    onSuccess: (next) => {
      setAsking(null);
      store(next);
      notifySuccess(t('vos.messages.statusChanged'), t(`vos.states.${next.state}`));
    },
    onError: (error, { action }) => {
      setAsking(null);
      reportWriteError(error, t(action === 'send' ? 'vos.messages.sendFailed' : 'vos.messages.cannotSave'), t, {
        onConflict: reload,
        onFields: setProblems,
      });
    },
  });

  const take = (action: VoAction, comment?: string) => {
    setProblems(null);
    step.mutate({ action, comment });
  };
  // Back to draft needs a comment only from received (a withdrawn application is the managers' own).
  const needsComment = (action: VoAction) => action === 'backToDraft' && vo.state === 'application_received';

  return (
    <section aria-labelledby="vo-actions">
      <Title order={2} size="h3" id="vo-actions" mb="sm">
        {t('voScreens.actions')}
      </Title>
      {vo.actions.length === 0 ? (
        <Text>{t('voScreens.noActions')}</Text>
      ) : (
        <Group gap="sm">
          {vo.actions.map((action) => (
            <Button
              key={action}
              variant={DESTRUCTIVE.has(action) ? 'outline' : 'filled'}
              color={DESTRUCTIVE.has(action) ? 'var(--nubes-color-danger)' : undefined}
              loading={step.isPending && step.variables.action === action}
              disabled={step.isPending}
              onClick={() => setAsking(action)}
            >
              {t(`vos.actions.${action}`)}
            </Button>
          ))}
        </Group>
      )}
      {problems && (
        <Stack mt="md">
          <SendProblems vo={vo} fields={problems} />
        </Stack>
      )}
      {asking && needsComment(asking) ? (
        <CommentDialog
          action={asking}
          busy={step.isPending}
          onTake={(comment) => take(asking, comment)}
          onCancel={() => setAsking(null)}
        />
      ) : (
        <ConfirmDialog
          opened={asking !== null}
          title={asking ? t(`vos.actions.${asking}`) : ''}
          text={asking ? t(`vos.confirm.${asking}`) : ''}
          confirmLabel={asking ? t(`vos.actions.${asking}`) : ''}
          danger={asking !== null && DESTRUCTIVE.has(asking)}
          busy={step.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() => asking && take(asking)}
        />
      )}
    </section>
  );
};
