import { Group, List, Stack, Text, Title } from '@mantine/core';
import type { ServiceDetail, ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ServiceStateBadge } from '../../../components/ServiceStateBadge';
import { MAIN_PATH } from '../header/serviceSteps';

/**
 * Manage status: the current status and every state of the way from application to online, the
 * one the service is in marked. The steps this user may take are the header's buttons, above every
 * tab, so they are offered once.
 */
export const StatusTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const onPath = (MAIN_PATH as readonly ServiceState[]).includes(service.state);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Text fw={600}>{t('serviceView.currentStatus')}</Text>
        <ServiceStateBadge state={service.state} />
      </Group>
      <Text>{service.actions.length === 0 ? t('serviceView.noActions') : t('serviceHeader.actionsAbove')}</Text>
      <section aria-labelledby="status-path">
        <Title order={2} size="h3" id="status-path" mb="sm">
          {t('serviceHeader.mainPath')}
        </Title>
        <List type="ordered" spacing={4}>
          {MAIN_PATH.map((state) => (
            <List.Item key={state} aria-current={state === service.state ? 'step' : undefined}>
              <Text span inherit fw={state === service.state ? 700 : undefined}>
                {t(`serviceStates.${state}`)}
              </Text>
            </List.Item>
          ))}
        </List>
        {!onPath && <Text mt="sm">{t('serviceHeader.offPath', { state: t(`serviceStates.${service.state}`) })}</Text>}
      </section>
    </Stack>
  );
};
