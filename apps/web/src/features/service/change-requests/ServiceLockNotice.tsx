import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { routePath, type ServiceDetail } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';

/**
 * Why nobody edits the service information now: a change request handed in or released holds it
 * (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md), with the way to that request for
 * those who read change requests.
 */
export const ServiceLockNotice = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  if (!service.lock) return null;
  return (
    <Alert color="blue" title={t('changeRequests.lockTitle')} role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`changeRequests.lockText_${service.lock.state}`)}</Text>
        {service.permissions.changeRequests && (
          <Anchor
            component={Link}
            to={`${routePath('service', { id: service.id })}?tab=changeRequests`}
            c="inherit"
            fw={600}
            underline="always"
          >
            {t('changeRequests.openLockingRequest')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
};
