import { Anchor, Group, Tabs, Text, Title } from '@mantine/core';
import { isChangeRequestServiceState, routePath, type ServiceDetail } from '@nubes/domain';
import { Link } from '../../../routing';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ServiceStateBadge } from '../../../components/ServiceStateBadge';
import { ProviderWithLogo } from '../../../components/ProviderWithLogo';
import { LeaveGuard, useGuardedForm, useLeaveGuard } from '../../../forms/LeaveGuard';
import { draftFromService } from '../formModel';
import { useDraftKey } from '../draftStorage';
import { useServiceDraft } from '../useServiceDraft';
import { ChangeRequestTab } from '../change-requests/ChangeRequestTab';
import { ResourcesTab } from '../../resource-packages/view/ResourcesTab';
import { DocumentsTab } from './DocumentsTab';
import { HistoryTab } from './HistoryTab';
import { InformationTab } from './InformationTab';
import { OnboardingTab } from './OnboardingTab';
import { OwnershipTab } from './OwnershipTab';
import { ResponsibilitiesTab } from './ResponsibilitiesTab';
import { StatusTab } from './StatusTab';
import { SERVICE_TABS, isServiceTab, useServiceTabs } from './useServiceTabs';
import { WeightingTab } from './WeightingTab';

/**
 * /sc/service/{id}: the service's header and its tabs. The service information draft lives here,
 * so switching tabs keeps what was typed; the other tabs' forms (weighting, a comment) live in
 * their tab, so switching away from unsaved edits there asks first, as leaving the screen does.
 */
export const ServiceView = ({ service }: { service: ServiceDetail }) => (
  <LeaveGuard>
    <ServiceTabs service={service} />
  </LeaveGuard>
);

const ServiceTabs = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const { tab, open } = useServiceTabs();
  const { confirm } = useLeaveGuard();
  const base = useMemo(() => draftFromService(service), [service]);
  const draft = useServiceDraft(base, useDraftKey(service.id));
  useGuardedForm('information', { dirty: draft.dirty, keptOnTabSwitch: true, discard: draft.reset });

  return (
    <>
      <Title order={1}>{service.name}</Title>
      <Group gap="sm" mt="xs" mb="lg">
        <Text>{service.serviceId}</Text>
        <ServiceStateBadge state={service.state} />
        {service.providerInstitution && (
          <Text component="span">
            <ProviderWithLogo name={service.providerInstitution.name} logo={service.providerLogo} size="medium" />
          </Text>
        )}
        {isChangeRequestServiceState(service.state) &&
          (service.permissions.edit || service.permissions.changeRequests) && (
            <Anchor component={Link} to={routePath('serviceOnlineForm', { id: service.id })}>
              {t('changeRequests.onlineForm.editOnline')}
            </Anchor>
          )}
      </Group>
      <Tabs
        value={tab}
        onChange={(next) => {
          if (isServiceTab(next) && next !== tab) confirm('tab', () => open(next));
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('serviceView.tabsLabel')}>
          {SERVICE_TABS.filter((value) => value !== 'changeRequests' || service.permissions.changeRequests).map(
            (value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`serviceView.tabs.${value}`)}
              </Tabs.Tab>
            ),
          )}
        </Tabs.List>
        <Tabs.Panel value="onboarding" pt="lg">
          <OnboardingTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="information" pt="lg">
          <InformationTab service={service} draft={draft} />
        </Tabs.Panel>
        <Tabs.Panel value="weighting" pt="lg">
          <WeightingTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="ownership" pt="lg">
          <OwnershipTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="responsibilities" pt="lg">
          <ResponsibilitiesTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="lg">
          <DocumentsTab service={service} />
        </Tabs.Panel>
        {service.permissions.changeRequests && (
          <Tabs.Panel value="changeRequests" pt="lg">
            <ChangeRequestTab service={service} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="resources" pt="lg">
          <ResourcesTab service={service} />
        </Tabs.Panel>
        <Tabs.Panel value="status" pt="lg">
          <StatusTab service={service} onProblems={(errors, source) => draft.showErrors(errors, source)} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="lg">
          <HistoryTab service={service} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
};
