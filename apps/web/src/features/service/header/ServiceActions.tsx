import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import {
  findTransition,
  isRetirementPlanKey,
  type ServiceDetail,
  type ServiceState,
  type StatusNoticeInput,
  type WorkflowAction,
} from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../components/usePhone';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FieldProblemList } from '../components/FieldProblemList';
import { groupOfKey } from '../formModel';
import { useRunTransition, type TransitionProblems } from '../useRunTransition';
import { focusField } from '../useServiceDraft';
import { useServiceTabs } from '../view/useServiceTabs';
import { useRetirementPlan } from '../retirement/api';
import { StatusNoticeDialog } from './StatusNoticeDialog';

/** Actions that end or pause something: shown in red, so they are not taken by mistake. */
const DESTRUCTIVE: ReadonlySet<WorkflowAction> = new Set([
  'withdrawApplication',
  'withdrawServiceOffer',
  'discontinue',
  'retire',
]);

/** Red outline for what ends something, plain for a pause the public sees (it asks first), filled for the rest. */
const variantOf = (action: WorkflowAction, state: ServiceState) =>
  DESTRUCTIVE.has(action) ? 'outline' : findTransition(action, state)?.notice ? 'default' : 'filled';

/**
 * A phone's row of steps: the first main step as a button, every other step in one menu beside it,
 * so the header leaves room for the tab below it (docs/adr/0090-one-row-header-and-compact-toolbars.md).
 */
const foldForPhone = (
  actions: readonly WorkflowAction[],
  state: ServiceState,
): { shown: readonly WorkflowAction[]; folded: readonly WorkflowAction[] } => {
  if (actions.length <= 1) return { shown: actions, folded: [] };
  const main = actions.find((action) => variantOf(action, state) === 'filled');
  return { shown: main ? [main] : [], folded: actions.filter((action) => action !== main) };
};

const MoreIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

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
  const phone = usePhone();
  // Read while the service is offboarding, so the retire step says at once what its plan still needs.
  useRetirementPlan(service);

  const showProblems = (found: TransitionProblems) => {
    setProblems(found);
    // The retirement plan's items are no fields of the service information.
    if (!Object.keys(found.errors).every(isRetirementPlanKey)) onProblems(found.errors, found.source);
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
  const { shown, folded } = phone
    ? foldForPhone(actions, service.state)
    : { shown: actions, folded: [] as WorkflowAction[] };

  return (
    <>
      <Group
        gap={phone ? 'xs' : 'sm'}
        role="group"
        aria-label={t('serviceHeader.nextSteps')}
        className="service-header-actions"
      >
        {shown.map((action) => (
          <Button
            key={action}
            variant={variantOf(action, service.state)}
            color={DESTRUCTIVE.has(action) ? 'var(--nubes-color-danger)' : undefined}
            loading={running === action}
            disabled={running !== null && running !== action}
            onClick={() => start(action)}
          >
            {t(`workflow.actions.${action}`)}
          </Button>
        ))}
        {folded.length > 0 && (
          // No fade: axe measures the contrast of a half-transparent menu (docs/adr/0006).
          <Menu position="bottom-end" transitionProps={{ duration: 0 }} withInitialFocusPlaceholder={false}>
            <Menu.Target>
              {shown.length > 0 ? (
                // Beside the main step only its dots, so both keep to one row where its name allows.
                <Button
                  variant="default"
                  px="xs"
                  aria-label={t('serviceHeader.moreSteps')}
                  title={t('serviceHeader.moreSteps')}
                  loading={running !== null && folded.includes(running)}
                  disabled={running !== null && !folded.includes(running)}
                >
                  <MoreIcon />
                </Button>
              ) : (
                <Button
                  variant="default"
                  loading={running !== null && folded.includes(running)}
                  disabled={running !== null && !folded.includes(running)}
                >
                  {t('serviceHeader.nextSteps')}
                </Button>
              )}
            </Menu.Target>
            <Menu.Dropdown>
              {folded.map((action) => (
                <Menu.Item
                  key={action}
                  color={DESTRUCTIVE.has(action) ? 'var(--nubes-color-danger)' : undefined}
                  onClick={() => start(action)}
                >
                  {t(`workflow.actions.${action}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>

      {problems && (
        <Alert color="red" title={t('serviceView.fieldsToFix')}>
          <Text>{t('service.validationNotPassedText')}</Text>
          <FieldProblemList
            errors={problems.errors}
            source={problems.source}
            onShowField={(key) => {
              if (isRetirementPlanKey(key)) return open('retirementPlan');
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
