import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchMyReviews, reviewKeys } from './api';
import { ServiceLink } from '../../components/ServiceLink';

/** My Services: the caller's services whose review waits for their answer; nothing when none does. */
export const MyReviews = () => {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: reviewKeys.mine, queryFn: ({ signal }) => fetchMyReviews(signal) });
  const items = query.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="my-reviews-title" bg="var(--nubes-color-tint)">
      <Stack gap="xs">
        <Title order={2} size="h4" id="my-reviews-title">
          {t('reviews.mine.title')}
        </Title>
        <Text size="sm">{t('reviews.mine.intro')}</Text>
        <ul className="my-reviews">
          {items.map((item) => (
            <li key={item.id}>
              <ServiceLink id={item.id}>{item.name}</ServiceLink>{' '}
              <Text span size="sm">
                ({item.serviceId}
                {item.startedAt ? `, ${t('reviews.mine.startedOn', { date: formatDate(item.startedAt) })}` : ''})
              </Text>
            </li>
          ))}
        </ul>
      </Stack>
    </Paper>
  );
};
