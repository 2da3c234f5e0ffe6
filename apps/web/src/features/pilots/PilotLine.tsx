import { Badge, Group, Text } from '@mantine/core';
import {
  formatDate,
  pilotExtensionRequestSchema,
  PILOT_EXTENSION_REASON_MAX,
  type PilotState,
  type ServiceKind,
  type ServicePilot,
} from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { serviceKeys } from '../../api/services';
import { reportWriteError } from '../../api/writes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { DateField, TextareaField } from '../../forms/fields';
import { usePermission } from '../../hooks/usePermission';
import { extendPilot, pilotKeys, saveServiceKind, servicePilotQuery } from './api';
import { RowAction } from '../../components/RowAction';

/** A calendar day (`YYYY-MM-DD`) as the portal shows dates, read at noon so it stays the day. */
export const formatDay = (day: string) => formatDate(`${day}T12:00:00Z`);

// Light fills take dark text (autoContrast), the decision's red white text: each reads at 4.5:1.
const STATE_COLORS: Record<PilotState, string> = {
  running: 'gray.2',
  notice6: 'yellow.3',
  notice9: 'orange.3',
  decisionDue: 'red.9',
};

/** A pilot's state today as a badge: grey while it runs, warmer as its end comes. */
export const PilotStateBadge = ({ state }: { state: PilotState }) => {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} autoContrast>
      {t(`pilots.states.${state}`)}
    </Badge>
  );
};

/**
 * In a service's header (docs/adr/0121-pilot-services.md): for a pilot its end and where it stands,
 * and for the portfolio manager the decisions: mark a pilot or make it regular, extend it once.
 * Starting offboarding is the workflow's "Discontinue" step among the header's next steps.
 */
export const PilotLine = ({ serviceId, serviceName }: { serviceId: string; serviceName: string }) => {
  const { t } = useTranslation();
  const mayManage = usePermission('pilot.manage');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ServiceKind | null>(null);
  const [extending, setExtending] = useState(false);
  const query = useQuery(servicePilotQuery(serviceId));
  /** The service's version moved with the write: its detail and history are read again. */
  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: pilotKeys.all });
    void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(serviceId) });
  };
  const marking = useMutation({
    mutationFn: (kind: ServiceKind) => saveServiceKind(serviceId, { kind, version: query.data!.version }),
    onSuccess: (pilot) => {
      setAsking(null);
      saved();
      notifySuccess(t(pilot.kind === 'pilot' ? 'pilots.markedPilot' : 'pilots.markedRegular'), serviceName);
    },
    onError: (error) => {
      setAsking(null);
      reportWriteError(error, t('pilots.cannotMark'), t, { onConflict: saved });
    },
  });
  const pilot = query.data;
  if (!pilot || (pilot.kind === 'regular' && !mayManage)) return null;
  const other: ServiceKind = pilot.kind === 'pilot' ? 'regular' : 'pilot';
  return (
    // One group, so the pilot's end, its state and the decisions wrap together on a narrow header.
    <Group gap="xs" component="span">
      {pilot.kind === 'pilot' && (
        <Text component="span">
          {pilot.endsOn ? (
            <>
              {t('pilots.until')} <strong>{formatDay(pilot.endsOn)}</strong>
              {pilot.extension && ` (${t('pilots.extended')})`}
            </>
          ) : (
            t('pilots.notOnline')
          )}
        </Text>
      )}
      {pilot.state && <PilotStateBadge state={pilot.state} />}
      {mayManage && pilot.kind === 'pilot' && pilot.state && !pilot.extension && (
        <RowAction
          label={t('pilots.extend')}
          aria-label={t('pilots.extendOf', { name: serviceName })}
          onClick={() => setExtending(true)}
        />
      )}
      {mayManage && (
        <RowAction
          label={t(other === 'pilot' ? 'pilots.markPilot' : 'pilots.makeRegular')}
          aria-label={t(other === 'pilot' ? 'pilots.markPilotOf' : 'pilots.makeRegularOf', { name: serviceName })}
          onClick={() => setAsking(other)}
        />
      )}
      <ConfirmDialog
        opened={asking !== null}
        title={t(asking === 'pilot' ? 'pilots.confirmPilotTitle' : 'pilots.confirmRegularTitle', { name: serviceName })}
        text={t(asking === 'pilot' ? 'pilots.confirmPilotText' : 'pilots.confirmRegularText')}
        confirmLabel={t('pilots.confirm')}
        busy={marking.isPending}
        onConfirm={() => asking && marking.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
      <ModalForm
        opened={extending}
        onClose={() => setExtending(false)}
        title={t('pilots.extendTitle', { name: serviceName })}
        closeLabel={t('pilots.cancel')}
      >
        <ExtensionForm serviceId={serviceId} pilot={pilot} onClose={() => setExtending(false)} onSaved={saved} />
      </ModalForm>
    </Group>
  );
};

const REASON_ID = 'pilot-extension-reason';
const END_ID = 'pilot-extension-end';

const ExtensionForm = ({
  serviceId,
  pilot,
  onClose,
  onSaved,
}: {
  serviceId: string;
  pilot: ServicePilot;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const modal = useModalForm({
    schema: pilotExtensionRequestSchema,
    defaultValues: { reason: '', endsOn: '', version: pilot.version },
    order: ['reason', 'endsOn'],
    fieldId: (name) => (name === 'endsOn' ? END_ID : REASON_ID),
    onClose,
    errorTitle: t('pilots.cannotExtend'),
    save: (values) => extendPilot(serviceId, values),
    onSaved: (extended) => {
      onSaved();
      notifySuccess(t('pilots.extendedNotice'), t('pilots.extendedNoticeText', { date: formatDay(extended.endsOn!) }));
    },
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t('pilots.save')} cancelLabel={t('pilots.cancel')}>
      <TextareaField
        {...modal.field('reason')}
        label={t('pilots.reason')}
        description={t('pilots.reasonDescription')}
        required
        autosize
        minRows={3}
        maxRows={8}
        maxLength={PILOT_EXTENSION_REASON_MAX}
        data-autofocus
      />
      <DateField
        {...modal.field('endsOn')}
        label={t('pilots.newEnd')}
        description={t('pilots.newEndDescription', { date: pilot.endsOn ? formatDay(pilot.endsOn) : '' })}
        required
      />
    </ModalFormBody>
  );
};
