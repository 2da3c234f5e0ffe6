import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { CreatedApiToken } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal';

/** The one time a token is shown: the whole secret, a copy button and the warning that it will not come back. */
export const NewTokenNotice = ({ created, onClose }: { created: CreatedApiToken | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={created !== null}
      onClose={onClose}
      title={t('apiTokens.createdTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('apiTokens.done') }}
    >
      {created && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" c="bright">
            {t('apiTokens.createdWarning')}
          </Alert>
          <Text fw={600}>{created.name}</Text>
          <Code block data-testid="new-api-token" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {created.token}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.token}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy}>
                  {copied ? t('apiTokens.copied') : t('apiTokens.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              {t('apiTokens.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
};
