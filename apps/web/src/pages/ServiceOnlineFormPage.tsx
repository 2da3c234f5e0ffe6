import '../features/service/styles';
import type { ServiceDetail } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from '../routing';
import { CannotFindService, ServiceLoader } from '../features/service/components/ServiceLoader';
import { OnlineForm } from '../features/service/online/OnlineForm';
import { usePageTitle } from '../hooks/useDocumentTitle';

const EditTitle = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  usePageTitle([service.name, t('routes.serviceOnlineForm')]);
  return null;
};

/** /sc/service-online-form/{id}: Edit Service, one tab per field group. */
export const ServiceOnlineFormPage = () => {
  const { id } = useParams();
  if (!id) return <CannotFindService />;
  return (
    <ServiceLoader id={id}>
      {(service) => (
        <>
          <EditTitle service={service} />
          <OnlineForm key={service.id} service={service} />
        </>
      )}
    </ServiceLoader>
  );
};
