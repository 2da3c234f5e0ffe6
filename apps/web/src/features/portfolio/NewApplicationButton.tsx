import { Button } from '@mantine/core';
import { routePath } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { usePermission } from '../../hooks/usePermission';

/** "New Application", only for the roles the server lets create a service (service.create). */
export const NewApplicationButton = () => {
  const { t } = useTranslation();
  const mayCreate = usePermission('service.create');
  if (!mayCreate) return null;
  return (
    <Button component={Link} to={routePath('serviceApplication')}>
      {t('portfolio.newApplication')}
    </Button>
  );
};
