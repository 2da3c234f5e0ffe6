import '../../../components/ServiceStateBadge.css';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CHANGE_DECISIONS,
  FIELDS_BY_KEY,
  formatDateTime,
  type ChangeDecision,
  type ChangeRequest,
  type ChangeRequestField,
} from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../components/notify';
import { NativeSelectField } from '../../../forms/fields';
import { useGuardedForm } from '../../../forms/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { displayValue } from '../fieldDisplay';
import { localized } from '../formModel';
import { reportWriteError } from '../writes';
import { applyChangeRequest, decideChangeRequest, stepChangeRequest, type ChangeRequestStepName } from './api';

const decisionsFormSchema = z.object({
  decisions: z.record(z.string(), z.enum(CHANGE_DECISIONS).nullable().optional()),
  overwrite: z.record(z.string(), z.boolean().optional()),
});
type DecisionsForm = z.infer<typeof decisionsFormSchema>;

// The service state badge's tints (its stylesheet keeps the text near-black on each).
const STATE_TINTS: Record<ChangeRequest['state'], string> = {
  draft: 'withdrawn',
  handed_in: 'application',
  released: 'pipeline',
  applied: 'catalogue',
  withdrawn: 'offboarding',
};

export const ChangeRequestStateBadge = ({ state }: { state: ChangeRequest['state'] }) => {
  const { t } = useTranslation();
  return (
    <span className="state-badge" data-phase={STATE_TINTS[state]}>
      {t(`changeRequests.states.${state}`)}
    </span>
  );
};

/** The decisions that differ from the stored ones. */
const changedDecisions = (request: ChangeRequest, edits: DecisionsForm['decisions']) => {
  const changed: Record<string, ChangeDecision> = {};
  for (const field of request.fields) {
    const edit = edits[field.key];
    if (edit && edit !== field.decision) changed[field.key] = edit;
  }
  return changed;
};

export interface ChangeRequestCardProps {
  request: ChangeRequest;
  /** The request as the server answered after a step. */
  onChanged: (next: ChangeRequest) => void;
  /** A conflict: someone else moved the request or the service on; reload both. */
  onConflict: () => void;
  headingLevel?: 2 | 3;
  /** In a dialog whose title already names the request: no heading of its own. */
  untitled?: boolean;
}

/**
 * One change request: per field the value when it was made → the new value, the present value
 * where the service changed since (stale), and the decision. The portfolio manager decides per
 * field, releases and applies; the authors hand in and withdraw. Only the steps the server
 * offers the caller (`actions`) show.
 */
export const ChangeRequestCard = ({
  request,
  onChanged,
  onConflict,
  headingLevel = 2,
  untitled = false,
}: ChangeRequestCardProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const deciding = request.actions.includes('decide');
  const applying = request.actions.includes('apply');
  const initial = useMemo(
    (): DecisionsForm => ({
      decisions: Object.fromEntries(request.fields.map((f) => [f.key, f.decision])),
      overwrite: {},
    }),
    [request],
  );
  const form = useZodForm(decisionsFormSchema, { defaultValues: initial, values: initial });
  const { control } = form;
  const watched = useWatch({ control, name: 'decisions' }) as DecisionsForm['decisions'] | undefined;
  const overwrite = (useWatch({ control, name: 'overwrite' }) ?? {}) as DecisionsForm['overwrite'];
  const pending = useMemo(() => changedDecisions(request, watched ?? {}), [request, watched]);
  useGuardedForm(`change-request-${request.id}`, {
    dirty: deciding && Object.keys(pending).length > 0,
    discard: () => form.reset(initial),
  });

  const report = (error: unknown) => reportWriteError(error, t('changeRequests.notPossible'), t, { onConflict });

  const decide = useMutation({
    mutationFn: () => decideChangeRequest(request.id, { version: request.version, decisions: pending }),
    onSuccess: (next) => {
      onChanged(next);
      notifySuccess(t('changeRequests.decided'), t('changeRequests.details', { name: next.service.name }));
    },
    onError: report,
  });

  const step = useMutation({
    mutationFn: async (name: ChangeRequestStepName) => {
      let version = request.version;
      // Release takes the decisions on screen with it.
      if (name === 'release' && Object.keys(pending).length > 0)
        version = (await decideChangeRequest(request.id, { version, decisions: pending })).version;
      return { name, next: await stepChangeRequest(request.id, name, version) };
    },
    onSuccess: ({ name, next }) => {
      onChanged(next);
      const title = {
        'hand-in': t('changeRequests.sent'),
        withdraw: t('changeRequests.withdrawn'),
        release: t('changeRequests.released'),
      }[name];
      notifySuccess(title, t('changeRequests.details', { name: next.service.name }));
    },
    onError: report,
  });

  const apply = useMutation({
    mutationFn: () =>
      applyChangeRequest(request.id, {
        version: request.version,
        overwrite: Object.entries(overwrite)
          .filter(([, yes]) => yes)
          .map(([key]) => key),
      }),
    onSuccess: (next) => {
      onChanged(next);
      notifySuccess(t('changeRequests.applied'), t('changeRequests.details', { name: next.service.name }));
    },
    onError: report,
  });

  const busy = decide.isPending || step.isPending || apply.isPending;
  const label = (key: string) => {
    const field = FIELDS_BY_KEY.get(key);
    return field ? localized(field.label, language) : key;
  };
  const show = (key: string, value: unknown) => {
    const field = FIELDS_BY_KEY.get(key);
    const text = field ? displayValue(field, value, { t, language, refs: request.refs }) : String(value ?? '');
    return text || t('serviceView.emptyValue');
  };

  const columns = useMemo(
    (): DataTableColumn<ChangeRequestField>[] => [
      { id: 'field', header: t('changeRequests.field'), cell: (f) => label(f.key), rowHeader: true, hideable: false },
      { id: 'current', header: t('changeRequests.currentValue'), cell: (f) => show(f.key, f.currentValue) },
      {
        id: 'new',
        header: t('changeRequests.newValue'),
        cell: (f) => (
          <Stack gap={4}>
            <Text span fw={600}>
              {show(f.key, f.newValue)}
            </Text>
            {f.stale && request.state !== 'applied' && request.state !== 'withdrawn' && (
              <Text span size="sm" c="var(--nubes-color-danger)">
                {t('changeRequests.staleNotice', { value: show(f.key, f.serviceValue) })}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        id: 'decision',
        header: t('changeRequests.decision'),
        cell: (f) =>
          deciding ? (
            <NativeSelectField
              control={control}
              name={`decisions.${f.key}`}
              aria-label={`${t('changeRequests.decision')}: ${label(f.key)}`}
              data={[
                { value: '', label: t('changeRequests.undecidedValue') },
                ...CHANGE_DECISIONS.map((d) => ({ value: d, label: t(`changeRequests.decisions.${d}`) })),
              ]}
            />
          ) : (
            <Stack gap={4}>
              <Text span>
                {f.decision ? t(`changeRequests.decisions.${f.decision}`) : t('changeRequests.undecidedValue')}
              </Text>
              {applying && f.stale && f.decision === 'accept' && (
                <Controller
                  control={control}
                  name={`overwrite.${f.key}`}
                  render={({ field }) => (
                    <Checkbox
                      label={`${t('changeRequests.overwrite')}: ${label(f.key)}`}
                      checked={field.value === true}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                    />
                  )}
                />
              )}
            </Stack>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label and show follow t and language
    [t, language, deciding, applying, control, request],
  );

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            {!untitled && (
              <Title order={headingLevel} size="h4" component={Heading}>
                {t('changeRequests.details', { name: request.service.name })}
              </Title>
            )}
            <Group gap="xs">
              <ChangeRequestStateBadge state={request.state} />
              <Text size="sm">
                {request.fromIntegrationManager
                  ? t('changeRequests.fromIntegrationManager')
                  : t('changeRequests.fromProvider')}
              </Text>
            </Group>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="sm">
              {t('changeRequests.author')}: {request.author?.fullname || request.author?.username || '—'}
            </Text>
            <Text size="sm">
              {t('changeRequests.created')}: {formatDateTime(request.createdAt)}
            </Text>
            <Text size="sm">
              {t('changeRequests.updated')}: {formatDateTime(request.updatedAt)}
            </Text>
          </Stack>
        </Group>
        <DataTable
          id={`change-request-${request.id}`}
          caption={t('changeRequests.fields')}
          columns={columns}
          rows={request.fields}
          getRowId={(f) => f.key}
          rowLabel={(f) => label(f.key)}
          empty={{ title: t('changeRequests.noChanges') }}
          columnChooser={false}
          showCount={false}
        />
        {request.actions.some((a) => a !== 'update') && (
          <Group>
            {deciding && (
              <Button
                variant="default"
                onClick={() => decide.mutate()}
                loading={decide.isPending}
                disabled={busy || Object.keys(pending).length === 0}
              >
                {t('changeRequests.actions.decide')}
              </Button>
            )}
            {request.actions.includes('release') && (
              <Button onClick={() => step.mutate('release')} loading={step.isPending} disabled={busy}>
                {t('changeRequests.actions.release')}
              </Button>
            )}
            {applying && (
              <Button onClick={() => apply.mutate()} loading={apply.isPending} disabled={busy}>
                {t('changeRequests.actions.apply')}
              </Button>
            )}
            {request.actions.includes('handIn') && (
              <Button onClick={() => step.mutate('hand-in')} loading={step.isPending} disabled={busy}>
                {t('changeRequests.actions.handIn')}
              </Button>
            )}
            {request.actions.includes('withdraw') && (
              <Button variant="default" color="red" onClick={() => step.mutate('withdraw')} disabled={busy}>
                {t('changeRequests.actions.withdraw')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
