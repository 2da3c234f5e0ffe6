import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnApiTokens } from '../features/api-tokens/OwnApiTokens';

/** My API Tokens (/profile/api-tokens, from the profile menu): the person's tokens for their scripts. */
export const ApiTokensPage = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.apiTokens')}</Title>
        <Text mt="xs">{t('apiTokens.intro')}</Text>
      </div>
      <OwnApiTokens />
    </Stack>
  );
};
