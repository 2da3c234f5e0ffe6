import '../features/service/styles';
import { useParams } from 'react-router';
import { CannotFindService, ServiceLoader } from '../features/service/components/ServiceLoader';
import { ServiceView } from '../features/service/view/ServiceView';

/** /sc/service/{id}: the Service Catalogue's view of one service. */
export const ServicePage = () => {
  const { id } = useParams();
  if (!id) return <CannotFindService />;
  return <ServiceLoader id={id}>{(service) => <ServiceView key={service.id} service={service} />}</ServiceLoader>;
};
