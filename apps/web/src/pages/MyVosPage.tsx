import { Button, Stack } from '@mantine/core';
import { isVoReviewer, routePath } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import { MyVoTables } from '../features/vos/list/VoTables';
import { Link } from '../routing';
import type { PageProps } from './PageProps';

/** My VOs (/vo/my-vos) and VO Registration (/vo/vo-registration): the same screen under two names. */
export const MyVosPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const { roles } = useSession();
  // The same permission as the server's POST /api/vos.
  const mayCreate = usePermission('vo.create');
  const newButton = mayCreate ? (
    <Button component={Link} to={routePath('voApplication')}>
      {t('voScreens.newVoApplication')}
    </Button>
  ) : undefined;
  return (
    <Stack gap="lg">
      <ListPageHeader
        title={t(routeId === 'voRegistration' ? 'routes.voRegistration' : 'routes.myVos')}
        intro={t('voScreens.myVosIntro')}
        actions={newButton}
      />
      <MyVoTables reviewer={isVoReviewer(roles)} mayCreate={mayCreate} />
    </Stack>
  );
};
