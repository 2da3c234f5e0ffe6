import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OutboxTable } from '../features/mail/OutboxTable';
import { ResourceTypesSection } from '../features/resource-packages/types/ResourceTypesSection';
import { useSearchParams } from '../routing';

const TABS = ['resourceTypes', 'mailOutbox'] as const;
type AdminTab = (typeof TABS)[number];

/**
 * Admin Panel (/manage/adminPanel, portal manager): the resource types (docs/adr/0032-json-policies-in-the-web.md)
 * and the mail outbox (docs/adr/0027-mail-outbox.md), one tab each.
 */
export const AdminPanelPage = () => {
  const { t } = useTranslation();
  // The tab is part of the address, so a link (or the back button) opens the outbox directly.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AdminTab = TABS.find((candidate) => candidate === asked) ?? 'resourceTypes';
  return (
    <Stack gap="lg">
      <Title order={1}>{t('routes.adminPanel')}</Title>
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'resourceTypes' ? { tab: next } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('resourceTypeAdmin.tabs')} mb="md">
          <Tabs.Tab value="resourceTypes">{t('resourceTypeAdmin.types')}</Tabs.Tab>
          <Tabs.Tab value="mailOutbox">{t('mail.outbox.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="resourceTypes">
          <section aria-labelledby="resource-types-heading">
            <Title order={2} id="resource-types-heading" mb="xs">
              {t('resourceTypeAdmin.types')}
            </Title>
            <ResourceTypesSection />
          </section>
        </Tabs.Panel>
        <Tabs.Panel value="mailOutbox">
          <section aria-labelledby="mail-outbox-heading">
            <Title order={2} id="mail-outbox-heading" mb="xs">
              {t('mail.outbox.title')}
            </Title>
            <Text mb="md">{t('mail.outbox.intro')}</Text>
            <OutboxTable />
          </section>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
};
