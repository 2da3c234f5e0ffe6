import { Anchor, Group, Text } from '@mantine/core';
import { routePath, type ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ServiceStateBadge } from '../../../components/ServiceStateBadge';
import { Link } from '../../../routing';
import { ServiceStepper } from './ServiceStepper';

export interface ServiceFormHeadingProps {
  service: { id: string; name: string; serviceId: string; state: ServiceState };
}

/** Under an edit form's title: which service it edits, where it stands, and the way back to its view. */
export const ServiceFormHeading = ({ service }: ServiceFormHeadingProps) => {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="sm" mt="xs">
        <Text fw={600}>{service.name}</Text>
        <Text>{service.serviceId}</Text>
        <ServiceStateBadge state={service.state} />
        <Anchor component={Link} to={routePath('service', { id: service.id })}>
          {t('serviceView.openService')}
        </Anchor>
      </Group>
      <ServiceStepper state={service.state} />
    </>
  );
};
