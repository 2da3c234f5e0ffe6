import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { routePath, type ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';
import { changeRequestKeys, fetchServiceChangeRequests } from './api';
import { ChangeRequestCard } from './ChangeRequestCard';
import { useChangeRequestCache } from './useChangeRequestCache';

const OPEN = new Set(['draft', 'handed_in', 'released']);

/**
 * The single service view's change request tab: the open request with current → new per field
 * and its decisions, then the earlier ones with their outcome.
 */
export const ChangeRequestTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const { changed } = useChangeRequestCache();
  const requests = useQuery({
    queryKey: changeRequestKeys.ofService(service.id),
    queryFn: () => fetchServiceChangeRequests(service.id),
  });
  if (requests.isPending) return <Loader aria-label={t('page.loading')} />;
  if (requests.isError)
    return (
      <Alert color="red" role="alert">
        {requests.error.message}
      </Alert>
    );
  const { items, locked, canCreate } = requests.data;
  const open = items.find((r) => OPEN.has(r.state));
  const earlier = items.filter((r) => r !== open);
  const released = open?.state === 'released';
  const reload = () => changed(service.id);

  return (
    <Stack gap="lg">
      {locked && (
        // A released request no longer waits for a decision, only for Apply: the notice says which.
        <Alert
          color="blue"
          title={t(released ? 'changeRequests.lockTitle' : 'changeRequests.waitingTitle')}
          role="status"
        >
          {t(released ? 'changeRequests.lockText_released' : 'changeRequests.lockedText')}
        </Alert>
      )}
      <section aria-labelledby="open-change-request">
        <Title order={2} size="h3" id="open-change-request" mb="sm">
          {t('changeRequests.openRequest')}
        </Title>
        {open ? (
          <ChangeRequestCard
            request={open}
            onChanged={() => changed(service.id)}
            onConflict={reload}
            headingLevel={3}
          />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text>{t('changeRequests.noOpen')}</Text>
            {canCreate && (
              <Button component={Link} to={routePath('serviceOnlineForm', { id: service.id })} variant="default">
                {t('changeRequests.onlineForm.editOnline')}
              </Button>
            )}
          </Stack>
        )}
      </section>
      <section aria-labelledby="earlier-change-requests">
        <Title order={2} size="h3" id="earlier-change-requests" mb="sm">
          {t('changeRequests.earlier')}
        </Title>
        {earlier.length === 0 ? (
          <Text>{t(open ? 'changeRequests.noEarlier' : 'changeRequests.none')}</Text>
        ) : (
          <Stack gap="md">
            {earlier.map((request) => (
              <div key={request.id}>
                {/* A withdrawn request's badge says it all; an applied one tells what came of its fields. */}
                {request.state === 'applied' && (
                  <Text size="sm" mb={4}>
                    {t('changeRequests.outcome', {
                      accepted: request.fields.filter((f) => f.decision === 'accept').length,
                      discarded: request.fields.filter((f) => f.decision !== 'accept').length,
                    })}
                  </Text>
                )}
                <ChangeRequestCard
                  request={request}
                  onChanged={() => changed(service.id)}
                  onConflict={reload}
                  headingLevel={3}
                />
              </div>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
};
