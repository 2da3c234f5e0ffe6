import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { routePath, type ServiceDetail } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';

export interface ChangeRequestNoticeProps {
  serviceId: string;
  title: string;
  text: string;
  /** The link to the service's change request tab; without it, no link (who does not read requests). */
  linkLabel?: string;
}

/** A neutral notice that a change request holds the service's fields, with the way to the request. */
export const ChangeRequestNotice = ({ serviceId, title, text, linkLabel }: ChangeRequestNoticeProps) => (
  <Alert color="blue" title={title} role="status">
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{text}</Text>
      {linkLabel && (
        <Anchor
          component={Link}
          to={`${routePath('service', { id: serviceId })}?tab=changeRequests`}
          c="inherit"
          fw={600}
          underline="always"
        >
          {linkLabel}
        </Anchor>
      )}
    </Stack>
  </Alert>
);

/**
 * Why nobody edits the service information now: a change request handed in or released holds it
 * (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md), with the way to that request for
 * those who read change requests.
 */
export const ServiceLockNotice = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  if (!service.lock) return null;
  return (
    <ChangeRequestNotice
      serviceId={service.id}
      title={t('changeRequests.lockTitle')}
      text={t(`changeRequests.lockText_${service.lock.state}`)}
      linkLabel={service.permissions.changeRequests ? t('changeRequests.openLockingRequest') : undefined}
    />
  );
};
