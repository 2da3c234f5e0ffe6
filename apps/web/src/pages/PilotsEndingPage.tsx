import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { PilotList } from '../features/pilots/PilotList';
import { usePermission } from '../hooks/usePermission';
import type { PageProps } from './PageProps';

/** /sc/pilots-ending: the pilot services by end date, for the portfolio manager who decides on them. */
export const PilotsEndingPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayManage = usePermission('pilot.manage');
  if (!mayManage) return <NoAccess screen={routeId} />;
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.pilotsEnding')} intro={t('pilots.list.intro')} />
      <PilotList />
    </Stack>
  );
};
