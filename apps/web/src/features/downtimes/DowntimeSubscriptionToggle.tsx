import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { reportWriteError } from '../../api/writes';
import { downtimeKeys, setDowntimeSubscription } from './api';

/**
 * "Subscribe to downtimes" / "Unsubscribe" for any logged-in reader of the service: mails when a
 * downtime is announced and when it starts.
 */
export const DowntimeSubscriptionToggle = ({
  serviceId,
  serviceName,
  subscribed,
}: {
  serviceId: string;
  serviceName: string;
  subscribed: boolean;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (next: boolean) => setDowntimeSubscription(serviceId, next),
    onSuccess: (_nothing, next) => {
      void queryClient.invalidateQueries({ queryKey: downtimeKeys.service(serviceId) });
      notifySuccess(
        t(next ? 'serviceDowntimes.subscribed' : 'serviceDowntimes.unsubscribed'),
        t(next ? 'serviceDowntimes.subscribedText' : 'serviceDowntimes.unsubscribedText', { name: serviceName }),
      );
    },
    onError: (error) => reportWriteError(error, t('serviceDowntimes.cannotSubscribe'), t),
  });
  return (
    <Button
      variant={subscribed ? 'light' : 'default'}
      loading={toggle.isPending}
      onClick={() => toggle.mutate(!subscribed)}
    >
      {t(subscribed ? 'serviceDowntimes.unsubscribe' : 'serviceDowntimes.subscribe')}
    </Button>
  );
};
