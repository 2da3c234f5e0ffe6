import { Text, Title } from '@mantine/core';
import { routeTitleKey } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import type { PageProps } from './PageProps';

/** A screen that a later issue fills: its title and one line, so routes, guards and titles work now. */
export const PlaceholderPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const titleKey = routeTitleKey(routeId);
  return (
    <>
      <Title order={1}>{titleKey ? t(titleKey) : t('app.name')}</Title>
      <Text mt="md">{t('page.placeholder')}</Text>
    </>
  );
};
