import '../features/service/styles';
import type { ServiceDetail } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from '../routing';
import { ApplicationForm } from '../features/service/application/ApplicationForm';
import { ServiceLoader } from '../features/service/components/ServiceLoader';
import { usePageTitle } from '../hooks/useDocumentTitle';
import type { PageProps } from './PageProps';

/** The edit page's document title names the service being edited. */
const EditTitle = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  usePageTitle([service.name, t('routes.serviceApplicationEdit')]);
  return null;
};

/** /sc/service-application (New Application) and /sc/service-application/{id} (Edit). */
export const ServiceApplicationPage = ({ routeId }: PageProps) => {
  const { id } = useParams();
  if (routeId === 'serviceApplicationEdit' && id) {
    return (
      <ServiceLoader id={id}>
        {(service) => (
          <>
            <EditTitle service={service} />
            <ApplicationForm key={service.id} service={service} />
          </>
        )}
      </ServiceLoader>
    );
  }
  return <ApplicationForm service={null} />;
};
