import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, routePath, type ServiceDetail } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';
import { ServiceStateBadge } from '../../../components/ServiceStateBadge';
import { CopyButton } from '../../../components/CopyButton';
import { ApplicationValues } from '../components/FieldValueList';
import { CommentsThread } from './CommentsThread';

/** The service's link as others can open it. */
const serviceLink = (service: ServiceDetail) => `${window.location.origin}${routePath('service', { id: service.id })}`;

/** Onboarding: who and what the service is, the application as handed in, and the conversation. */
export const OnboardingTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const link = serviceLink(service);
  return (
    <Stack gap="xl">
      <section aria-labelledby="onboarding-facts">
        <Title order={2} size="h3" id="onboarding-facts" mb="sm">
          {t('serviceView.facts')}
        </Title>
        <dl className="service-facts">
          <dt>{t('serviceView.name')}</dt>
          <dd>{service.name}</dd>
          <dt>{t('serviceView.serviceId')}</dt>
          <dd>
            <Group gap="sm">
              <Text span>{service.serviceId}</Text>
              <CopyButton value={service.serviceId} label={t('serviceView.copyId')} />
            </Group>
          </dd>
          <dt>{t('serviceView.link')}</dt>
          <dd>
            <Group gap="sm">
              <Anchor component={Link} to={routePath('service', { id: service.id })}>
                {link}
              </Anchor>
              <CopyButton value={link} label={t('serviceView.copyLink')} />
            </Group>
          </dd>
          <dt>{t('serviceView.status')}</dt>
          <dd>
            <ServiceStateBadge state={service.state} />
          </dd>
          <dt>{t('serviceView.provider')}</dt>
          <dd>{service.providerInstitution?.name ?? t('serviceView.notFilled')}</dd>
          <dt>{t('serviceView.serviceType')}</dt>
          <dd>{t(`serviceTypes.${service.serviceType}`)}</dd>
          <dt>{t('serviceView.score')}</dt>
          <dd>{service.score}</dd>
          <dt>{t('serviceView.lastEdit')}</dt>
          <dd>{formatDateTime(service.updatedAt)}</dd>
        </dl>
      </section>

      <section aria-labelledby="onboarding-application">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h3" id="onboarding-application">
            {t('serviceView.application')}
          </Title>
          {service.permissions.edit && service.state === 'application_draft' && (
            <Anchor component={Link} to={routePath('serviceApplicationEdit', { id: service.id })}>
              {t('serviceView.editApplication')}
            </Anchor>
          )}
        </Group>
        <ApplicationValues service={service} />
      </section>

      <CommentsThread service={service} />
    </Stack>
  );
};
