import '../features/service/styles';
import { useParams } from 'react-router';
import { ApplicationForm } from '../features/service/application/ApplicationForm';
import { ServiceLoader } from '../features/service/components/ServiceLoader';
import type { PageProps } from './PageProps';

/** /sc/service-application (New Application) and /sc/service-application/{id} (Edit). */
export const ServiceApplicationPage = ({ routeId }: PageProps) => {
  const { id } = useParams();
  if (routeId === 'serviceApplicationEdit' && id) {
    return <ServiceLoader id={id}>{(service) => <ApplicationForm key={service.id} service={service} />}</ServiceLoader>;
  }
  return <ApplicationForm service={null} />;
};
