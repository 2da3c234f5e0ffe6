import { Anchor, Group, List, Text } from '@mantine/core';
import { formatDate, routePath, type Dashboard } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';

/**
 * The pilots on a home (docs/adr/0121-pilot-services.md): those with a notice or the decision due,
 * each with its end; for the portfolio manager the count of decisions due and the way to the
 * pilots ending.
 */
export const HomePilots = ({ pilots }: { pilots: NonNullable<Dashboard['pilots']> }) => {
  const { t } = useTranslation();
  const due = pilots.decisionDue;
  return (
    <>
      {due !== null && (
        <Group gap="xs" mb="xs">
          <Text fw={due > 0 ? 600 : undefined}>{t('dashboard.pilotsDecisionDue', { count: due })}</Text>
          <Anchor component={Link} to={routePath('pilotsEnding')}>
            {t('dashboard.showPilots')}
          </Anchor>
        </Group>
      )}
      {pilots.items.length > 0 && (
        <List spacing={4}>
          {pilots.items.map((pilot) => (
            <List.Item key={pilot.id}>
              <Anchor component={Link} to={routePath('service', { id: pilot.id })} fw={600}>
                {pilot.name}
              </Anchor>{' '}
              <Text span size="sm">
                {t('dashboard.pilotEnds', {
                  state: t(`pilots.states.${pilot.state}`),
                  date: formatDate(`${pilot.endsOn}T12:00:00Z`),
                })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
};
