import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatDateTime, type WaitingItem } from '@nubes/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';

/** What is due, in words: each kind's actions have their own phrase. */
const dueLabel = (t: TFunction, item: WaitingItem): string => {
  switch (item.kind) {
    case 'service':
      return t(`dashboard.due.service.${item.due}`);
    case 'changeRequest':
      return t(`dashboard.due.changeRequest.${item.due}`);
    case 'review':
      return t(`dashboard.due.review.${item.due}`);
    case 'vo':
      return t(`dashboard.due.vo.${item.due}`);
    case 'resourcePackage':
      return t(`dashboard.due.resourcePackage.${item.due}`);
  }
};

/** What the item is about, when its name alone does not say: a package's service. */
const context = (t: TFunction, item: WaitingItem): string | null =>
  item.kind === 'resourcePackage' ? t('dashboard.packageOf', { service: item.serviceName }) : null;

/** "Waiting for me": each item a link to where the step is taken, with what is due and since when. */
export const WaitingList = ({ items, total }: { items: readonly WaitingItem[]; total: number }) => {
  const { t } = useTranslation();
  if (items.length === 0) return <Text c="dimmed">{t('dashboard.waitingNone')}</Text>;
  return (
    <>
      <Text size="sm">{t('dashboard.waitingCount', { count: total })}</Text>
      <ul className="dashboard-waiting">
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`}>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color="gray" radius="sm">
                {t(`dashboard.kinds.${item.kind}`)}
              </Badge>
              <Anchor component={Link} to={item.link} fw={600}>
                {dueLabel(t, item)}: {item.name}
              </Anchor>
              {context(t, item) && <Text span>{context(t, item)}</Text>}
              <Text span size="sm" c="dimmed">
                {t('dashboard.waitingSince', { when: formatDateTime(item.since) })}
              </Text>
            </Group>
            {item.kind === 'resourcePackage' && item.comment && (
              <blockquote className="dashboard-comment">
                <Text size="sm" fw={600} span>
                  {t('dashboard.reviewerComment')}
                </Text>{' '}
                <Text size="sm" span>
                  {item.comment}
                </Text>
              </blockquote>
            )}
          </li>
        ))}
      </ul>
      {total > items.length && (
        <Text size="sm" c="dimmed">
          {t('dashboard.waitingMore', { shown: items.length, count: total })}
        </Text>
      )}
    </>
  );
};
