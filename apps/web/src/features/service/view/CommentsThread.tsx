import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { formatDateTime, type ServiceDetail } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify';
import { addComment, fetchComments, serviceKeys } from '../api';
import { reportWriteError } from '../writes';

const INPUT_ID = 'service-comment-text';

/** The conversation on a service, oldest first, and a box to add to it ("Please add a text"). */
export const CommentsThread = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const comments = useQuery({ queryKey: serviceKeys.comments(service.id), queryFn: () => fetchComments(service.id) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t('comment.required'));
      notifyError(t('serviceView.fieldEmpty'), t('comment.required'));
      document.getElementById(INPUT_ID)?.focus();
      return;
    }
    setSending(true);
    try {
      await addComment(service.id, text.trim());
      setText('');
      setError(null);
      notifySuccess(t('comment.added'), t('serviceView.commentAddedText'));
      await queryClient.invalidateQueries({ queryKey: serviceKeys.comments(service.id) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
    } catch (failure) {
      reportWriteError(failure, t('serviceView.cannotAddComment'), t, {
        onFields: (fields) => setError(fields.text ?? Object.values(fields)[0] ?? null),
      });
    } finally {
      setSending(false);
    }
  };

  const items = comments.data?.items ?? [];
  return (
    <section aria-labelledby="service-comments">
      <Title order={2} size="h3" id="service-comments" mb="sm">
        {t('serviceView.comments')}
      </Title>
      {comments.isPending ? (
        <Text>{t('page.loading')}</Text>
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
        <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('serviceView.addComment')}>
          <Stack gap="sm" mt="md">
            <Textarea
              id={INPUT_ID}
              label={t('serviceView.newComment')}
              autosize
              minRows={2}
              maxRows={8}
              value={text}
              error={error}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setError(null);
              }}
            />
            <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
              {t('serviceView.addComment')}
            </Button>
          </Stack>
        </form>
      )}
    </section>
  );
};
