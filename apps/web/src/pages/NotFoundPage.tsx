import { routePath } from '@nubes/domain';
import { Anchor, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../routing';

/** Any path outside the route table. */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('routes.notFound')}</Title>
      <Text mt="md">{t('page.notFoundText')}</Text>
      <Anchor component={Link} to={routePath('home')} mt="md" display="inline-block">
        {t('page.backHome')}
      </Anchor>
    </>
  );
};
