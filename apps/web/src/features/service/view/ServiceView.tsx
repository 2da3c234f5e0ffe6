import { Tabs } from '@mantine/core';
import { isDowntimeServiceState, type ServiceDetail, type WorkflowAction } from '@nubes/domain';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard, useGuardedForm, useLeaveGuard } from '../../../components/LeaveGuard';
import { draftFromService } from '../formModel';
import { useDraftKey } from '../draftStorage';
import { useServiceDraft } from '../useServiceDraft';
import { ServiceHeader } from '../header/ServiceHeader';
import { ChangeRequestTab } from '../change-requests/ChangeRequestTab';
import { showsRetirementPlan } from '../retirement/api';
import { RetirementPlanTab } from '../retirement/RetirementPlanTab';
import { DocumentsTab } from './DocumentsTab';
import { HistoryTab } from './HistoryTab';
import { InformationTab } from './InformationTab';
import { OnboardingTab } from './OnboardingTab';
import { OwnershipTab } from './OwnershipTab';
import { ResponsibilitiesTab } from './ResponsibilitiesTab';
import { StatusTab } from './StatusTab';
import { SERVICE_TABS, isServiceTab, useServiceTabs, type ServiceTab } from './useServiceTabs';
import { WeightingTab } from './WeightingTab';
import { useSelectedTabInView } from '../../../hooks/useSelectedTabInView';

/**
 * /sc/service/{id}: the service's header (with the next steps) and its tabs. The service information draft lives here,
 * so switching tabs keeps what was typed; the other tabs' forms (weighting, a comment) live in
 * their tab, so switching away from unsaved edits there asks first, as leaving the screen does.
 */
/**
 * The information editor submits with a save of what was typed first; while it is open, its
 * button is the way to submit, so the header does not offer a second one that would skip the save.
 */
const SUBMITTED_WITH_SAVE: readonly WorkflowAction[] = ['submitServiceInformation'];

/**
 * The resource packages and the contact database are features of their own; the page puts them
 * into the resources tab and the responsibilities tab, as features import no other feature
 * (docs/adr/0104-features-import-no-other-feature.md).
 */
export interface ServiceViewProps {
  service: ServiceDetail;
  /** The resources tab's content. */
  resources: ReactNode;
  /** The contacts related to the service, shown on the responsibilities tab to readers of the contact database. */
  contacts: ReactNode;
  /** The downtimes tab's content, shown while the service is in the catalogue. */
  downtimes?: ReactNode;
  /** More facts for the header's line (the next review date); a function gets the way to open a tab. */
  headerFacts?: ReactNode | ((openTab: (tab: ServiceTab) => void) => ReactNode);
}

export const ServiceView = (props: ServiceViewProps) => (
  <LeaveGuard>
    <ServiceTabs {...props} />
  </LeaveGuard>
);

const ServiceTabs = ({ service, resources, contacts, downtimes, headerFacts }: ServiceViewProps) => {
  const { t } = useTranslation();
  const { tab, open } = useServiceTabs();
  const tabList = useSelectedTabInView(tab);
  const { confirm } = useLeaveGuard();
  const base = useMemo(() => draftFromService(service), [service]);
  const draft = useServiceDraft(base, useDraftKey(service.id));
  useGuardedForm('information', { dirty: draft.dirty, keptOnTabSwitch: true, discard: draft.reset });
  const switchTo = (next: ServiceTab) => {
    if (next !== tab) confirm('tab', () => open(next));
  };
  const showsDowntimes = downtimes !== undefined && isDowntimeServiceState(service.state);
  const shown = SERVICE_TABS.filter(
    (value) =>
      (value !== 'changeRequests' || service.permissions.changeRequests) &&
      (value !== 'downtimes' || showsDowntimes) &&
      (value !== 'retirementPlan' || showsRetirementPlan(service)),
  );
  // Only the open tab's content is rendered (keepMounted={false}).
  const panels: Record<ServiceTab, ReactNode> = {
    onboarding: <OnboardingTab service={service} />,
    information: <InformationTab service={service} draft={draft} />,
    weighting: <WeightingTab service={service} />,
    ownership: <OwnershipTab service={service} />,
    responsibilities: <ResponsibilitiesTab service={service} contacts={contacts} />,
    documents: <DocumentsTab service={service} />,
    changeRequests: <ChangeRequestTab service={service} />,
    resources,
    status: <StatusTab service={service} />,
    downtimes,
    retirementPlan: <RetirementPlanTab service={service} />,
    history: <HistoryTab service={service} />,
  };

  return (
    <>
      <ServiceHeader
        service={service}
        onProblems={(errors, source) => draft.showErrors(errors, source)}
        offeredBelow={tab === 'information' && service.permissions.edit && !service.lock ? SUBMITTED_WITH_SAVE : []}
        facts={typeof headerFacts === 'function' ? headerFacts(switchTo) : headerFacts}
      />
      <Tabs
        value={tab}
        onChange={(next) => {
          if (isServiceTab(next)) switchTo(next);
        }}
        keepMounted={false}
      >
        <Tabs.List ref={tabList} aria-label={t('serviceView.tabsLabel')}>
          {shown.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`serviceView.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {shown.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {panels[value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
};
