import '../features/service/styles';
import type { ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from '../routing';
import { CannotFindService, ServiceLoader } from '../features/service/components/ServiceLoader';
import { ReviewBanner } from '../features/reviews/ReviewBanner';
import { NextReviewLine } from '../features/reviews/NextReviewLine';
import { PilotLine } from '../features/pilots/PilotLine';
import { DowntimeLine } from '../features/downtimes/DowntimeLine';
import { DowntimesTab } from '../features/downtimes/DowntimesTab';
import { ServiceView } from '../features/service/view/ServiceView';
import { ResourcesTab } from '../features/resource-packages/view/ResourcesTab';
import { ServiceContacts } from '../features/contacts/ServiceContacts';
import { useServiceTabs } from '../features/service/view/useServiceTabs';
import { usePageTitle } from '../hooks/useDocumentTitle';
import { serviceReviewQuery } from '../features/reviews/api';
import { servicePilotQuery } from '../features/pilots/api';
import { serviceDowntimesQuery } from '../features/downtimes/api';

/** The document title names the service and the tab open, so tabs and bookmarks tell services apart. */
const ServiceTitle = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const { tab } = useServiceTabs();
  usePageTitle([service.name, t(`serviceView.tabs.${tab}`)]);
  return null;
};

/**
 * The header's lines beside the service (review, pilot, downtimes), read together with it; true once
 * each has answered for this service, and from then on. One that failed does not hold the screen:
 * its line shows nothing, and its read again when the line mounts does not take the screen away.
 */
const useHeaderLinesRead = (id: string) => {
  const enabled = id !== '';
  const reads = [
    useQuery({ ...serviceReviewQuery(id), enabled }),
    useQuery({ ...servicePilotQuery(id), enabled }),
    useQuery({ ...serviceDowntimesQuery(id), enabled }),
  ];
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);
  const answered = reads.every((read) => !read.isPending);
  if (answered && answeredFor !== id) setAnsweredFor(id);
  return answered || answeredFor === id;
};

/** /sc/service/{id}: the Service Catalogue's view of one service. */
export const ServicePage = () => {
  const { id = '' } = useParams();
  const headerRead = useHeaderLinesRead(id);
  if (!id) return <CannotFindService />;
  return (
    <ServiceLoader id={id} ready={headerRead}>
      {(service) => (
        <>
          <ServiceTitle service={service} />
          <ReviewBanner serviceId={service.id} serviceName={service.name} state={service.state} />
          <ServiceView
            key={service.id}
            service={service}
            resources={<ResourcesTab service={service} />}
            contacts={<ServiceContacts serviceId={service.id} />}
            downtimes={<DowntimesTab service={service} />}
            headerFacts={(openTab) => (
              <>
                <NextReviewLine serviceId={service.id} serviceName={service.name} />
                <PilotLine serviceId={service.id} serviceName={service.name} />
                <DowntimeLine id={service.id} state={service.state} onOpen={() => openTab('downtimes')} />
              </>
            )}
          />
        </>
      )}
    </ServiceLoader>
  );
};
