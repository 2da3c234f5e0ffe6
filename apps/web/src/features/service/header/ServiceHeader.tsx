import './header.css';
import { Anchor, Group, Text, Title } from '@mantine/core';
import { isChangeRequestServiceState, routePath, type ServiceDetail } from '@nubes/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProviderWithLogo } from '../../../components/ProviderWithLogo';
import { ServiceStateBadge } from '../../../components/ServiceStateBadge';
import { ServiceStatusNotice } from '../../../components/ServiceStatusNotice';
import { Link } from '../../../routing';
import { ServiceActions, type ServiceActionsProps } from './ServiceActions';
import { ServiceBreadcrumb } from './ServiceBreadcrumb';
import { ServiceStepper } from './ServiceStepper';

export interface ServiceHeaderProps {
  service: ServiceDetail;
  /** Where a refused step's field problems go; without it the header offers no steps (a form page has its own). */
  onProblems?: ServiceActionsProps['onProblems'];
  offeredBelow?: ServiceActionsProps['offeredBelow'];
  /** More facts on the header's line, which another feature knows (the next review date: the page puts it in). */
  facts?: ReactNode;
}

/**
 * The top of every screen of one service: the way back to its list, its name and state, where it
 * is on its way to online, and the steps this user may take next, right there.
 */
export const ServiceHeader = ({ service, onProblems, offeredBelow, facts }: ServiceHeaderProps) => {
  const { t } = useTranslation();
  return (
    <header className="service-header">
      <ServiceBreadcrumb name={service.name} />
      <Title order={1}>{service.name}</Title>
      <Group gap="sm" mt="xs">
        <Text>{service.serviceId}</Text>
        <ServiceStateBadge state={service.state} />
        {service.providerInstitution && (
          <Text component="span">
            <ProviderWithLogo name={service.providerInstitution.name} logo={service.providerLogo} size="medium" />
          </Text>
        )}
        {facts}
        {/* Who edits directly does so on the service information tab, its one editor (ADR 0085). */}
        {onProblems &&
          isChangeRequestServiceState(service.state) &&
          !service.permissions.edit &&
          service.permissions.changeRequests && (
            <Anchor component={Link} to={routePath('serviceOnlineForm', { id: service.id })}>
              {t('changeRequests.onlineForm.editOnline')}
            </Anchor>
          )}
      </Group>
      {service.statusNotice && (
        <section className="service-header-notice" aria-label={t('workflow.notice.current')}>
          <Text size="sm" fw={600}>
            {t('workflow.notice.current')}
          </Text>
          <ServiceStatusNotice notice={service.statusNotice} />
        </section>
      )}
      <ServiceStepper state={service.state} />
      {onProblems && <ServiceActions service={service} onProblems={onProblems} offeredBelow={offeredBelow} />}
    </header>
  );
};
