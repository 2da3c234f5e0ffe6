import { Anchor, Text } from '@mantine/core';
import { formatDateTime, type DashboardActivity } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { actorName } from '../../components/history/HistoryTable';
import { auditActionLabel, objectTypeLabel } from '../../components/history/auditEventColumns';

/** The latest events the person may read: who did what to which object, and when, newest first. */
export const RecentActivity = ({ entries }: { entries: readonly DashboardActivity[] }) => {
  const { t } = useTranslation();
  if (entries.length === 0) return <Text c="dimmed">{t('dashboard.activityNone')}</Text>;
  return (
    <ol className="dashboard-activity">
      {entries.map((entry) => {
        const object = entry.objectName ?? objectTypeLabel(t, entry.objectType);
        return (
          <li key={entry.id}>
            <Text span size="sm" c="dimmed" className="dashboard-activity-time">
              {formatDateTime(entry.at)}
            </Text>{' '}
            <Text span>
              {t('dashboard.activityEntry', {
                actor: actorName(t, entry.actor),
                action: auditActionLabel(t, entry.action),
              })}
            </Text>{' '}
            {entry.link ? (
              <Anchor component={Link} to={entry.link}>
                {object}
              </Anchor>
            ) : (
              <Text span>{object}</Text>
            )}
          </li>
        );
      })}
    </ol>
  );
};
