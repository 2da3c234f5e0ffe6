import '../../../components/ServiceStateBadge.css';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CATALOGUE_STATES,
  FIELDS_BY_KEY,
  formatDateTime,
  type ChangeDecision,
  type ChangeRequest,
  type ChangeRequestField,
  type ServiceState,
} from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { notifySuccess } from '../../../api/notify';
import { ValueChoices, type ValueChoiceRow } from '../../../forms/choices/ValueChoices';
import { useGuardedForm } from '../../../components/LeaveGuard';
import { displayValue } from '../../../components/fieldDisplay';
import { localized } from '../../../i18n/localized';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { reportWriteError } from '../../../api/writes';
import { applyChangeRequest, releaseChangeRequest, stepChangeRequest, type ChangeRequestStepName } from './api';

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

/** For a stale accepted field at apply: keep the service's present value, or write the request's. */
type StaleChoice = 'keep' | 'overwrite';

type Decisions = Record<string, ChangeDecision | null>;

/** What applying writes, said before it runs: it may change what the public portfolio shows (ADR 0084). */
const applyQuestion = (request: ChangeRequest, stale: Record<string, StaleChoice>, t: TFunction): string => {
  const written = request.fields.filter((f) => f.decision === 'accept' && !(f.stale && stale[f.key] === 'keep'));
  if (written.length === 0) return t('changeRequests.applyConfirmNoFields');
  const publicCount = written.filter((f) => FIELDS_BY_KEY.get(f.key)?.public).length;
  const listed = (CATALOGUE_STATES as readonly ServiceState[]).includes(request.service.state);
  const effect =
    publicCount === 0
      ? t('changeRequests.applyConfirmNotPublic')
      : listed
        ? t('changeRequests.applyConfirmPublic', { count: publicCount })
        : t('changeRequests.applyConfirmPublicLater', { count: publicCount });
  return `${t('changeRequests.applyConfirmFields', { count: written.length })} ${effect}`;
};

const storedDecisions = (request: ChangeRequest): Decisions =>
  Object.fromEntries(request.fields.map((f) => [f.key, f.decision]));

/** The choices on screen, started again from the request whenever the server answers a newer one. */
const useChoices = (request: ChangeRequest) => {
  const [state, setState] = useState(() => ({
    source: request,
    decisions: storedDecisions(request),
    stale: {} as Record<string, StaleChoice>,
  }));
  if (state.source !== request) setState({ source: request, decisions: storedDecisions(request), stale: {} });
  const current = state.source === request ? state : { ...state, decisions: storedDecisions(request), stale: {} };
  return {
    decisions: current.decisions,
    stale: current.stale,
    decide: (key: string, decision: ChangeDecision) =>
      setState((s) => ({ ...s, decisions: { ...s.decisions, [key]: decision } })),
    chooseStale: (key: string, choice: StaleChoice) =>
      setState((s) => ({ ...s, stale: { ...s.stale, [key]: choice } })),
  };
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
 * One change request: per field the value when it was made beside the new value, the changed
 * words marked, and the decision. The portfolio manager accepts or discards each field and
 * releases with those decisions in one step (ADR 0085); at apply, an accepted field the service
 * changed since is chosen for the same way. The authors hand in and withdraw. Only the steps the
 * server offers the caller (`actions`) show.
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
  const reasonId = useId();
  const deciding = request.actions.includes('release');
  const applying = request.actions.includes('apply');
  const { decisions, stale, decide, chooseStale } = useChoices(request);
  // Release fixes the decisions and apply writes the service: both ask first (ADR 0084).
  const [asking, setAsking] = useState<'release' | 'apply' | null>(null);

  const undecided = request.fields.filter((f) => !decisions[f.key]).length;
  const changedDecisions = request.fields.some((f) => decisions[f.key] !== f.decision);
  const staleAccepted = applying ? request.fields.filter((f) => f.stale && f.decision === 'accept') : [];
  const staleOpen = staleAccepted.filter((f) => !stale[f.key]).length;
  useGuardedForm(`change-request-${request.id}`, {
    dirty: (deciding && changedDecisions) || Object.keys(stale).length > 0,
    discard: () => undefined,
  });

  const report = (error: unknown) => reportWriteError(error, t('changeRequests.notPossible'), t, { onConflict });

  const release = useMutation({
    mutationFn: () => {
      const chosen: Record<string, ChangeDecision> = {};
      for (const [key, decision] of Object.entries(decisions)) if (decision) chosen[key] = decision;
      return releaseChangeRequest(request.id, { version: request.version, decisions: chosen });
    },
    onSuccess: (next) => {
      onChanged(next);
      notifySuccess(t('changeRequests.released'), t('changeRequests.details', { name: next.service.name }));
    },
    onError: report,
  });

  const step = useMutation({
    mutationFn: async (name: ChangeRequestStepName) => ({
      name,
      next: await stepChangeRequest(request.id, name, request.version),
    }),
    onSuccess: ({ name, next }) => {
      onChanged(next);
      const title = { 'hand-in': t('changeRequests.sent'), withdraw: t('changeRequests.withdrawn') }[name];
      notifySuccess(title, t('changeRequests.details', { name: next.service.name }));
    },
    onError: report,
  });

  const apply = useMutation({
    mutationFn: () => {
      const named = (choice: StaleChoice) => staleAccepted.filter((f) => stale[f.key] === choice).map((f) => f.key);
      return applyChangeRequest(request.id, {
        version: request.version,
        overwrite: named('overwrite'),
        keep: named('keep'),
      });
    },
    onSuccess: (next) => {
      onChanged(next);
      notifySuccess(t('changeRequests.applied'), t('changeRequests.details', { name: next.service.name }));
    },
    onError: report,
  });

  const busy = release.isPending || step.isPending || apply.isPending;
  const label = (key: string) => {
    const field = FIELDS_BY_KEY.get(key);
    return field ? localized(field.label, language) : key;
  };
  const show = (key: string, value: unknown) => {
    const field = FIELDS_BY_KEY.get(key);
    const text = field ? displayValue(field, value, { t, language, refs: request.refs }) : String(value ?? '');
    return text || t('serviceView.emptyValue');
  };
  const open = request.state !== 'applied' && request.state !== 'withdrawn';

  const rows = useMemo(
    (): ValueChoiceRow[] =>
      request.fields.map((f: ChangeRequestField) => ({
        key: f.key,
        label: label(f.key),
        from: show(f.key, f.currentValue),
        to: show(f.key, f.newValue),
        note:
          f.stale && open ? (
            <Text size="sm" c="var(--nubes-color-danger)" mt={4}>
              {t('changeRequests.staleNotice', { value: show(f.key, f.serviceValue) })}
            </Text>
          ) : undefined,
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label and show follow t and language
    [request, t, language, open],
  );
  const staleRows = staleAccepted.map((f) => ({
    key: f.key,
    label: label(f.key),
    from: show(f.key, f.serviceValue),
    to: show(f.key, f.newValue),
  }));

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const waitingReason = deciding && undecided > 0 ? t('changeRequests.undecidedCount', { count: undecided }) : null;
  const staleReason = staleOpen > 0 ? t('changeRequests.staleCount', { count: staleOpen }) : null;
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
          <Stack gap={0}>
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
        {deciding && <Text size="sm">{t('changeRequests.decideHint')}</Text>}
        <section aria-label={t('changeRequests.fields')}>
          {rows.length === 0 ? (
            <Text>{t('changeRequests.noChanges')}</Text>
          ) : (
            <ValueChoices<ChangeDecision>
              rows={rows}
              fromLabel={t('changeRequests.currentValue')}
              toLabel={t('changeRequests.newValue')}
              options={[
                { value: 'discard', label: t('changeRequests.decisions.discard') },
                { value: 'accept', label: t('changeRequests.decisions.accept') },
              ]}
              chosen={decisions}
              onChoose={deciding ? decide : undefined}
              choiceLabel={t('changeRequests.decision')}
              undecidedLabel={t('changeRequests.undecidedValue')}
              disabled={busy}
            />
          )}
        </section>
        {staleRows.length > 0 && (
          <Alert color="yellow" title={t('changeRequests.staleTitle')}>
            <Stack gap="sm">
              <Text size="sm">{t('changeRequests.staleText')}</Text>
              <ValueChoices<StaleChoice>
                rows={staleRows}
                fromLabel={t('changeRequests.presentValue')}
                toLabel={t('changeRequests.newValue')}
                options={[
                  { value: 'keep', label: t('changeRequests.keepPresent') },
                  { value: 'overwrite', label: t('changeRequests.applyNew') },
                ]}
                chosen={stale}
                onChoose={chooseStale}
                choiceLabel={t('changeRequests.decision')}
                undecidedLabel={t('changeRequests.undecidedValue')}
                disabled={busy}
              />
            </Stack>
          </Alert>
        )}
        {request.actions.some((a) => a !== 'update' && a !== 'decide') && (
          <Stack gap="xs">
            <Group>
              {deciding && (
                <Button
                  onClick={() => setAsking('release')}
                  loading={release.isPending}
                  disabled={busy || undecided > 0}
                  aria-describedby={waitingReason ? reasonId : undefined}
                >
                  {t('changeRequests.actions.release')}
                </Button>
              )}
              {applying && (
                <Button
                  onClick={() => setAsking('apply')}
                  loading={apply.isPending}
                  disabled={busy || staleOpen > 0}
                  aria-describedby={staleReason ? reasonId : undefined}
                >
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
            {(waitingReason ?? staleReason) && (
              <Text size="sm" id={reasonId}>
                {waitingReason ?? staleReason}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={
          asking === 'apply'
            ? t('changeRequests.applyConfirmTitle', { name: request.service.name })
            : t('changeRequests.releaseConfirmTitle', { name: request.service.name })
        }
        text={
          asking === 'apply'
            ? applyQuestion(request, stale, t)
            : t('changeRequests.releaseConfirmText', {
                accepted: request.fields.filter((f) => decisions[f.key] === 'accept').length,
                discarded: request.fields.filter((f) => decisions[f.key] === 'discard').length,
              })
        }
        confirmLabel={asking === 'apply' ? t('changeRequests.actions.apply') : t('changeRequests.actions.release')}
        onConfirm={() => {
          // The question closes first, so a refusal shows in the dialog the request sits in.
          const chosen = asking;
          setAsking(null);
          if (chosen === 'apply') apply.mutate();
          else if (chosen === 'release') release.mutate();
        }}
        onCancel={() => setAsking(null)}
      />
    </Paper>
  );
};
