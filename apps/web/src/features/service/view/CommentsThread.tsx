import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { commentRequestSchema, formatDateTime, type ServiceDetail } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { SERVER_ERROR, TextareaField } from '../../../forms/fields';
import { focusFirstError } from '../../../forms/focusFirstError';
import { useStreamQuery } from '../../../hooks/useStreamQuery';
import { useGuardedForm } from '../../../components/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { addComment, fetchComments, serviceKeys } from '../../../api/services';
import { reportWriteError } from '../../../api/writes';

const INPUT_ID = 'service-comment-text';

/**
 * The conversation on a service, oldest first, and a box to add to it ("Please add a text"). The
 * server hands the comments out newest first, a page at a time: the thread starts with the latest
 * and "Show older comments" above them loads the page before.
 */
export const CommentsThread = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const comments = useStreamQuery(serviceKeys.comments(service.id), (cursor, signal) =>
    fetchComments(service.id, cursor, signal),
  );
  const form = useZodForm(commentRequestSchema, { defaultValues: { text: '' } });
  const { control, handleSubmit, reset, setError } = form;
  const text = useWatch({ control, name: 'text' });
  useGuardedForm('comment', { dirty: (text ?? '').trim() !== '', discard: () => reset({ text: '' }) });

  const sending = useMutation({
    mutationFn: (body: { text: string }) => addComment(service.id, body.text),
    onSuccess: async () => {
      reset({ text: '' });
      notifySuccess(t('comment.added'), t('serviceView.commentAddedText'));
      await queryClient.invalidateQueries({ queryKey: serviceKeys.comments(service.id) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
    },
    onError: (failure) =>
      reportWriteError(failure, t('serviceView.cannotAddComment'), t, {
        onFields: (fields) => {
          const message = fields.text ?? Object.values(fields)[0];
          if (message) setError('text', { type: SERVER_ERROR, message });
        },
      }),
  });

  const onSubmit = handleSubmit(
    (values) => sending.mutate(values),
    focusFirstError(
      ['text'],
      () => INPUT_ID,
      () => notifyError(t('serviceView.fieldEmpty'), t('comment.required')),
    ),
  );

  const items = useMemo(() => [...(comments.items ?? [])].reverse(), [comments.items]);
  return (
    <section aria-labelledby="service-comments">
      <Title order={2} size="h3" id="service-comments" mb="sm">
        {t('serviceView.comments')}
      </Title>
      {comments.more.hasMore && (
        <Button
          variant="default"
          size="compact-md"
          mb="sm"
          loading={comments.more.loading}
          onClick={comments.more.onLoadMore}
        >
          {t('serviceView.olderComments')}
        </Button>
      )}
      {comments.query.isPending ? (
        <Text>{t('page.loading')}</Text>
      ) : comments.query.isError ? (
        <Text role="alert">{t('notifications.somethingWentWrong')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('serviceView.noComments')}</Text>
      ) : (
        <ol className="service-comments">
          {items.map((comment) => (
            <li key={comment.id}>
              <Paper withBorder p="sm">
                <Text size="sm" fw={600}>
                  {comment.author} · {formatDateTime(comment.createdAt)}
                </Text>
                <Text className="service-comment-text" mt={4}>
                  {comment.text}
                </Text>
              </Paper>
            </li>
          ))}
        </ol>
      )}
      {service.permissions.comment && (
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('serviceView.addComment')}>
          <Stack gap="sm" mt="md">
            <TextareaField
              control={control}
              name="text"
              id={INPUT_ID}
              label={t('serviceView.newComment')}
              autosize
              minRows={2}
              maxRows={8}
              maw="48rem"
            />
            <Button type="submit" loading={sending.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('serviceView.addComment')}
            </Button>
          </Stack>
        </form>
      )}
    </section>
  );
};
