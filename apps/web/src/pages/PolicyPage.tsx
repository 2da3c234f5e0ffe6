import '../features/service/styles';
import { useParams } from '../routing';
import { PolicyView } from '../features/resource-packages/view/PolicyView';
import { CannotFindService } from '../features/service/components/ServiceLoader';

/** /sc/service/{serviceID}/policy/{policyUID}: one resource package of a service. */
export const PolicyPage = () => {
  const { serviceID, policyUID } = useParams();
  if (!serviceID || !policyUID) return <CannotFindService />;
  return <PolicyView key={policyUID} serviceId={serviceID} packageId={policyUID} />;
};
