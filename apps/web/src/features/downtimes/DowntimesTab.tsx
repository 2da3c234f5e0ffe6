import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  downtimeDescription,
  isDowntimeServiceState,
  type Downtime,
  type Language,
  type ServiceDetail,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { serviceKeys } from '../../api/services';
import { reportWriteError } from '../../api/writes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { actionsColumn, DataTable, type DataTableColumn } from '../../components/data-table';
import { ModalForm } from '../../components/ModalForm';
import { QueryFallback } from '../../components/QueryFallback';
import { TabIntro } from '../../components/TabIntro';
import { personTimeZone } from '../../forms/personTimeZone';
import { AnnounceDowntimeForm } from './AnnounceDowntimeForm';
import { cancelDowntime, downtimeKeys, endDowntime, serviceCalendarUrl, useServiceDowntimes } from './api';
import { DowntimeSeverityBadge, DowntimeStateBadge } from './DowntimeBadges';
import { DowntimeSubscriptionToggle } from './DowntimeSubscriptionToggle';
import { ExtendDowntimeForm } from './ExtendDowntimeForm';
import { formatMoment, formatSpan } from './times';
import './downtimes.css';

type Asking = { downtime: Downtime; step: 'end' | 'cancel' };

/**
 * A catalogue service's announced downtimes (docs/adr/0126-downtime-screens.md): the list, and for
 * its provider side and the portfolio manager (canAnnounce, from the server) announcing, ending
 * early, extending and cancelling; subscribing for every reader; the service's calendar feed.
 */
export const DowntimesTab = ({ service }: { service: ServiceDetail }) => {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const queryClient = useQueryClient();
  const query = useServiceDowntimes(service.id);
  const [announcing, setAnnouncing] = useState(false);
  const [extending, setExtending] = useState<Downtime | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: downtimeKeys.all });
    // Ending an outage brings the service's state back: its header and history read again.
    void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(service.id) });
  };
  const step = useMutation({
    mutationFn: ({ downtime, step: which }: Asking) =>
      which === 'end' ? endDowntime(downtime) : cancelDowntime(downtime),
    onSuccess: (downtime, { step: which }) => {
      setAsking(null);
      refresh();
      notifySuccess(
        t(which === 'end' ? 'serviceDowntimes.endedNotice' : 'serviceDowntimes.cancelledNotice'),
        formatSpan(downtime.startsAt, downtime.endsAt),
      );
    },
    onError: (error, { step: which }) => {
      setAsking(null);
      reportWriteError(error, t(which === 'end' ? 'serviceDowntimes.cannotEnd' : 'serviceDowntimes.cannotCancel'), t, {
        onConflict: refresh,
      });
    },
  });
  const canAnnounce = query.data?.canAnnounce ?? false;
  const columns = useMemo((): DataTableColumn<Downtime>[] => {
    const span = (downtime: Downtime) => formatSpan(downtime.startsAt, downtime.endsAt);
    return [
      {
        id: 'severity',
        header: t('serviceDowntimes.columns.severity'),
        cell: (downtime) => <DowntimeSeverityBadge severity={downtime.severity} />,
      },
      {
        id: 'startsAt',
        header: t('serviceDowntimes.columns.startsAt'),
        cell: (downtime) => formatMoment(downtime.startsAt),
        nowrap: true,
        rowHeader: true,
      },
      {
        id: 'endsAt',
        header: t('serviceDowntimes.columns.endsAt'),
        cell: (downtime) => formatMoment(downtime.endsAt),
        nowrap: true,
      },
      {
        id: 'state',
        header: t('serviceDowntimes.columns.state'),
        cell: (downtime) => <DowntimeStateBadge state={downtime.state} />,
      },
      {
        id: 'description',
        header: t('serviceDowntimes.columns.description'),
        cell: (downtime) => <Text className="downtime-description">{downtimeDescription(language, downtime)}</Text>,
      },
      ...(canAnnounce
        ? [
            actionsColumn<Downtime>(t('serviceDowntimes.columns.actions'), [
              {
                label: t('serviceDowntimes.endNow'),
                name: (downtime) => t('serviceDowntimes.endNowOf', { span: span(downtime) }),
                onClick: (downtime) => setAsking({ downtime, step: 'end' }),
                shown: (downtime) => downtime.state === 'current',
              },
              {
                label: t('serviceDowntimes.extend'),
                name: (downtime) => t('serviceDowntimes.extendOf', { span: span(downtime) }),
                onClick: setExtending,
                shown: (downtime) => downtime.state === 'current' || downtime.state === 'coming',
              },
              {
                label: t('serviceDowntimes.cancelDowntime'),
                name: (downtime) => t('serviceDowntimes.cancelOf', { span: span(downtime) }),
                onClick: (downtime) => setAsking({ downtime, step: 'cancel' }),
                shown: (downtime) => downtime.state === 'coming',
              },
            ]),
          ]
        : []),
    ];
  }, [t, language, canAnnounce]);

  if (!query.isSuccess) return <QueryFallback query={query} />;
  const { items, subscribed } = query.data;
  const inCatalogue = isDowntimeServiceState(service.state);
  const askingSpan = asking ? formatSpan(asking.downtime.startsAt, asking.downtime.endsAt) : '';

  return (
    <Stack gap="lg">
      <TabIntro
        title={t('serviceDowntimes.title')}
        intro={t(canAnnounce ? 'serviceDowntimes.introManager' : 'serviceDowntimes.intro')}
      >
        <Text size="sm" c="dimmed" mt={4}>
          {t('serviceDowntimes.timesIn', { zone: personTimeZone() })}
        </Text>
      </TabIntro>
      <Group gap="sm">
        {canAnnounce && inCatalogue && (
          <Button onClick={() => setAnnouncing(true)}>{t('serviceDowntimes.announceDowntime')}</Button>
        )}
        <DowntimeSubscriptionToggle serviceId={service.id} serviceName={service.name} subscribed={subscribed} />
        <Anchor href={serviceCalendarUrl(service.serviceId)}>{t('serviceDowntimes.calendar')}</Anchor>
      </Group>
      {canAnnounce && !inCatalogue && <Text c="dimmed">{t('serviceDowntimes.notInCatalogue')}</Text>}
      <DataTable
        id="service-downtimes"
        caption={t('serviceDowntimes.caption', { name: service.name })}
        columns={columns}
        rows={items}
        getRowId={(downtime) => downtime.id}
        rowLabel={(downtime) => formatSpan(downtime.startsAt, downtime.endsAt)}
        empty={{ title: t('serviceDowntimes.empty') }}
        countLabel={(count) => t('serviceDowntimes.total', { count })}
        columnChooser={false}
      />
      <ModalForm
        opened={announcing}
        onClose={() => setAnnouncing(false)}
        title={t('serviceDowntimes.announceTitle', { name: service.name })}
        size="lg"
        closeLabel={t('serviceDowntimes.cancel')}
      >
        <AnnounceDowntimeForm serviceId={service.id} serviceName={service.name} onClose={() => setAnnouncing(false)} />
      </ModalForm>
      <ModalForm
        opened={extending !== null}
        onClose={() => setExtending(null)}
        title={t('serviceDowntimes.extendTitle', { name: service.name })}
        closeLabel={t('serviceDowntimes.cancel')}
      >
        {extending && <ExtendDowntimeForm key={extending.id} downtime={extending} onClose={() => setExtending(null)} />}
      </ModalForm>
      <ConfirmDialog
        opened={asking !== null}
        title={t(asking?.step === 'cancel' ? 'serviceDowntimes.cancelTitle' : 'serviceDowntimes.endTitle', {
          span: askingSpan,
        })}
        text={
          asking?.step === 'cancel'
            ? t('serviceDowntimes.cancelText')
            : t(
                asking?.downtime.severity === 'outage'
                  ? 'serviceDowntimes.endOutageText'
                  : 'serviceDowntimes.endDegradedText',
              )
        }
        confirmLabel={t(asking?.step === 'cancel' ? 'serviceDowntimes.cancelConfirm' : 'serviceDowntimes.endConfirm')}
        busy={step.isPending}
        danger={asking?.step === 'cancel'}
        onConfirm={() => asking && step.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </Stack>
  );
};
