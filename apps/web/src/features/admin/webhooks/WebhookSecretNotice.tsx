import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { WebhookWithSecret } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';

/** The one time a webhook's secret is shown: at registration and after a rotation. */
export const WebhookSecretNotice = ({ shown, onClose }: { shown: WebhookWithSecret | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={shown !== null}
      onClose={onClose}
      title={t('webhooks.secretTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('webhooks.close') }}
    >
      {shown && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" c="bright">
            {t('webhooks.secretWarning')}
          </Alert>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {shown.url}
          </Text>
          <Code block data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {shown.secret}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? t('webhooks.copied') : t('webhooks.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              {t('webhooks.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
};
