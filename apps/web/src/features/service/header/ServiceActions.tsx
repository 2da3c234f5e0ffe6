import { Alert, Button, Group, Text } from '@mantine/core';
import { findTransition, type ServiceDetail, type StatusNoticeInput, type WorkflowAction } from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FieldProblemList } from '../components/FieldProblemList';
import { groupOfKey } from '../formModel';
import { useRunTransition, type TransitionProblems } from '../useRunTransition';
import { focusField } from '../useServiceDraft';
import { useServiceTabs } from '../view/useServiceTabs';
import { StatusNoticeDialog } from './StatusNoticeDialog';

/** Actions that end or pause something: shown in red, so they are not taken by mistake. */
const DESTRUCTIVE: ReadonlySet<WorkflowAction> = new Set([
  'withdrawApplication',
  'withdrawServiceOffer',
  'discontinue',
  'retire',
]);

export interface ServiceActionsProps {
  service: ServiceDetail;
  /** Field problems of a refused step, so the service information pages mark them too. */
  onProblems: (errors: Record<string, string>, source: 'keys' | 'texts') => void;
  /** Steps the open tab offers itself, in a form that saves its edits first. */
  offeredBelow?: readonly WorkflowAction[];
}

/**
 * The next steps: exactly the actions the server says this user may take now. Every step whose
 * row in the domain's workflow table has a `confirm` text asks first, saying what it does to the
 * public portfolio or that it cannot be undone (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md);
 * the steps that pause a live service are secondary and ask with a reason and an expected end for
 * the public. A refused validation lists the fields with a way to them.
 */
export const ServiceActions = ({ service, onProblems, offeredBelow = [] }: ServiceActionsProps) => {
  const { t } = useTranslation();
  const { open } = useServiceTabs();
  const { run, passes, running } = useRunTransition(service.id);
  const [confirming, setConfirming] = useState<{ action: WorkflowAction; text: string } | null>(null);
  const [noticeFor, setNoticeFor] = useState<{ action: WorkflowAction; text: string } | null>(null);
  const [problems, setProblems] = useState<TransitionProblems | null>(null);

  const showProblems = (found: TransitionProblems) => {
    setProblems(found);
    onProblems(found.errors, found.source);
  };

  const take = async (action: WorkflowAction, notice?: StatusNoticeInput) => {
    setProblems(null);
    await run(service, action, showProblems, notice);
    setConfirming(null);
    setNoticeFor(null);
  };

  const start = (action: WorkflowAction) => {
    // A step the server would refuse says so at once, rather than after its question.
    setProblems(null);
    if (!passes(service, action, showProblems)) return;
    const rule = findTransition(action, service.state);
    const text = rule?.confirm ? t(rule.confirm) : '';
    if (rule?.notice) setNoticeFor({ action, text });
    else if (rule?.confirm) setConfirming({ action, text });
    else void take(action);
  };

  const actions = service.actions.filter((action) => !offeredBelow.includes(action));
  if (actions.length === 0) return null;

  return (
    <>
      <Group gap="sm" role="group" aria-label={t('serviceHeader.nextSteps')} className="service-header-actions">
        {actions.map((action) => (
          <Button
            key={action}
            variant={
              DESTRUCTIVE.has(action) ? 'outline' : findTransition(action, service.state)?.notice ? 'default' : 'filled'
            }
            color={DESTRUCTIVE.has(action) ? 'var(--nubes-color-danger)' : undefined}
            loading={running === action}
            disabled={running !== null && running !== action}
            onClick={() => start(action)}
          >
            {t(`workflow.actions.${action}`)}
          </Button>
        ))}
      </Group>

      {problems && (
        <Alert color="red" title={t('serviceView.fieldsToFix')}>
          <Text>{t('service.validationNotPassedText')}</Text>
          <FieldProblemList
            errors={problems.errors}
            source={problems.source}
            onShowField={(key) => {
              const group = groupOfKey(key);
              if (group) open('information', group);
              focusField(key);
            }}
          />
        </Alert>
      )}

      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`workflow.actions.${confirming.action}`) : ''}
        text={confirming?.text ?? ''}
        confirmLabel={confirming ? t(`workflow.actions.${confirming.action}`) : ''}
        danger={confirming !== null && DESTRUCTIVE.has(confirming.action)}
        busy={confirming !== null && running === confirming.action}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void take(confirming.action)}
      />
      <StatusNoticeDialog
        action={noticeFor?.action ?? null}
        text={noticeFor?.text ?? ''}
        current={service.statusNotice}
        busy={noticeFor !== null && running === noticeFor.action}
        onCancel={() => setNoticeFor(null)}
        onConfirm={(notice) => noticeFor && void take(noticeFor.action, notice)}
      />
    </>
  );
};
