import { Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLogSection } from '../features/admin/audit-log/AuditLogSection';
import { WeightingSection } from '../features/admin/weighting/WeightingSection';
import { EntitlementRolesSection } from '../features/admin/entitlements/EntitlementRolesSection';
import { RolesSection } from '../features/admin/roles/RolesSection';
import { ScheduledJobsSection } from '../features/admin/scheduled-jobs/ScheduledJobsSection';
import { WebhooksSection } from '../features/admin/webhooks/WebhooksSection';
import { VoNamePrefixesSection } from '../features/admin/vo-prefixes/VoNamePrefixesSection';
import { AllApiTokensSection } from '../features/api-tokens/AllApiTokensSection';
import { OutboxTable } from '../features/mail/OutboxTable';
import { ResourceTypesSection } from '../features/resource-packages/types/ResourceTypesSection';
import type { MessageKey } from '@nubes/domain';
import { useSearchParams } from '../routing';
import { useSelectedTabInView } from '../hooks/useSelectedTabInView';

interface AdminTab {
  id: string;
  title: MessageKey;
  intro?: MessageKey;
  content: () => ReactNode;
}

const TABS: readonly AdminTab[] = [
  { id: 'resourceTypes', title: 'resourceTypeAdmin.types', content: () => <ResourceTypesSection /> },
  { id: 'mailOutbox', title: 'mail.outbox.title', intro: 'mail.outbox.intro', content: () => <OutboxTable /> },
  {
    id: 'auditLog',
    title: 'adminSections.tab.auditLog',
    intro: 'adminSections.auditLog.intro',
    content: () => <AuditLogSection />,
  },
  {
    id: 'weighting',
    title: 'adminSections.tab.weighting',
    intro: 'adminSections.weighting.intro',
    content: () => <WeightingSection />,
  },
  {
    id: 'entitlements',
    title: 'adminSections.tab.entitlements',
    intro: 'adminSections.entitlements.intro',
    content: () => <EntitlementRolesSection />,
  },
  {
    id: 'voPrefixes',
    title: 'adminSections.tab.voPrefixes',
    intro: 'adminSections.voPrefixes.intro',
    content: () => <VoNamePrefixesSection />,
  },
  {
    id: 'roles',
    title: 'adminSections.tab.roles',
    intro: 'adminSections.roles.intro',
    content: () => <RolesSection />,
  },
  {
    id: 'scheduledJobs',
    title: 'adminSections.tab.scheduledJobs',
    intro: 'adminSections.scheduledJobs.intro',
    content: () => <ScheduledJobsSection />,
  },
  {
    id: 'apiTokens',
    title: 'adminSections.tab.apiTokens',
    intro: 'apiTokens.adminIntro',
    content: () => <AllApiTokensSection />,
  },
  { id: 'webhooks', title: 'adminSections.tab.webhooks', intro: 'webhooks.intro', content: () => <WebhooksSection /> },
];

/**
 * Admin Panel (/manage/adminPanel, portal manager): one tab per section (docs/adr/0036-admin-panel-sections.md),
 * the resource types (docs/adr/0032-json-policies-in-the-web.md), the mail outbox (docs/adr/0027-mail-outbox.md)
 * and the audit log among them.
 */
export const AdminPanelPage = () => {
  const { t } = useTranslation();
  // The tab is part of the address, so a link (or the back button) opens a section directly.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((candidate) => candidate.id === asked) ?? TABS[0]!;
  const list = useSelectedTabInView(tab.id);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('routes.adminPanel')}</Title>
      <Tabs
        value={tab.id}
        onChange={(next) => setParams(next && next !== TABS[0]!.id ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        {/* On a phone the tabs scroll sideways rather than wrap into a pile. */}
        <Tabs.List ref={list} aria-label={t('adminSections.tabs')} mb="md">
          {TABS.map((section) => (
            <Tabs.Tab key={section.id} value={section.id}>
              {t(section.title)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((section) => (
          <Tabs.Panel key={section.id} value={section.id}>
            <section aria-labelledby={`${section.id}-heading`}>
              <Title order={2} id={`${section.id}-heading`} mb="xs">
                {t(section.title)}
              </Title>
              {section.intro && <Text mb="md">{t(section.intro)}</Text>}
              {section.content()}
            </section>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
