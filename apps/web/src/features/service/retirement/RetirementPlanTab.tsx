import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  formatDate,
  RETIREMENT_PLAN_KEYS,
  TRANSITIONS,
  type RetirementPlan,
  type RetirementPlanKey,
  type ServiceDetail,
} from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { ModalForm } from '../../../components/ModalForm';
import { ServiceLink } from '../../../components/ServiceLink';
import { TabIntro } from '../../../components/TabIntro';
import { messageKeyOr } from '../../../i18n/messageKey';
import { CheckButton } from '../view/InformationCheck';
import { useRetirementPlan } from './api';
import { RetirementPlanForm } from './RetirementPlanForm';
import './retirement.css';

const DAY_KEYS: ReadonlySet<RetirementPlanKey> = new Set([
  'plannedEndOn',
  'usersToldOn',
  'dataExportUntil',
  'dataDeletionOn',
]);

/** The step the plan is the gate of: its name is what the person knows. */
const RETIRE_STEP = TRANSITIONS.find((rule) => rule.validation === 'retirement')!.action;

/** What retiring still needs, "item: message" a line each. */
export const RetirementProblems = ({ problems }: { problems: Record<string, string> }) => {
  const { t } = useTranslation();
  return (
    <ul className="inline-list retirement-problems">
      {Object.entries(problems).map(([key, message]) => (
        <li key={key}>
          {t(`retirementPlan.fields.${key as RetirementPlanKey}`)}: {t(messageKeyOr(message, 'validation.invalid'))}
        </li>
      ))}
    </ul>
  );
};

const PlanValue = ({ plan, item }: { plan: RetirementPlan; item: RetirementPlanKey }) => {
  const { t } = useTranslation();
  if (item === 'successorId')
    return plan.successor ? (
      <ServiceLink id={plan.successor.id}>
        {plan.successor.name} ({plan.successor.serviceId})
      </ServiceLink>
    ) : (
      <Text span>{t('retirementPlan.noSuccessor')}</Text>
    );
  const value = plan[item];
  if (!value)
    return (
      <Text span c="dimmed">
        {t('retirementPlan.notFilled')}
      </Text>
    );
  return <Text span>{DAY_KEYS.has(item) ? formatDate(`${value}T12:00:00Z`) : value}</Text>;
};

/**
 * The retirement plan of an offboarding service (docs/adr/0122-retirement-plan.md), for its
 * provider side and the portfolio manager: what it says, whether it lets the service be retired
 * (the retire step's own rule, from the server), and the dialog that fills it in while the service
 * is discontinued. "Check" says what retiring still needs, as it does for the service information.
 */
export const RetirementPlanTab = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const query = useRetirementPlan(service);
  const [editing, setEditing] = useState(false);
  if (query.isPending) return <Text>{t('page.loading')}</Text>;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {t('retirementPlan.loadFailed')}
      </Alert>
    );
  const plan = query.data;
  const problems = Object.keys(plan.problems);
  const stepName = t(`workflow.actions.${RETIRE_STEP}`);
  const check = () => {
    if (problems.length === 0)
      notifySuccess(t('service.validationPassed'), t('service.validationPassedText', { step: stepName }));
    else notifyError(t('service.validationNotPassed'), t('workflow.cannotRetire'));
  };

  return (
    <Stack gap="lg">
      <TabIntro
        title={t('retirementPlan.title')}
        intro={plan.editable ? t('retirementPlan.intro') : t('retirementPlan.readOnlyIntro')}
      />
      {service.state === 'service_discontinued' &&
        (problems.length === 0 ? (
          <Alert
            color="green"
            title={t('retirementPlan.complete')}
            role="status"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            {t('retirementPlan.completeText')}
          </Alert>
        ) : (
          <Alert color="yellow" title={t('retirementPlan.incomplete')} role="status">
            <Text size="sm">{t('retirementPlan.incompleteText')}</Text>
            <RetirementProblems problems={plan.problems} />
          </Alert>
        ))}
      <dl className="retirement-plan-facts">
        {RETIREMENT_PLAN_KEYS.map((item) => (
          <div key={item}>
            <dt>{t(`retirementPlan.fields.${item}`)}</dt>
            <dd>
              <PlanValue plan={plan} item={item} />
            </dd>
          </div>
        ))}
      </dl>
      {plan.editable && (
        <Group gap="sm">
          <Button onClick={() => setEditing(true)}>
            {plan.version === 0 ? t('retirementPlan.fillIn') : t('retirementPlan.edit')}
          </Button>
          <CheckButton onCheck={check} />
        </Group>
      )}
      <ModalForm
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('retirementPlan.editTitle', { name: service.name })}
        size="lg"
        closeLabel={t('retirementPlan.cancel')}
      >
        <RetirementPlanForm key={service.id} service={service} plan={plan} onClose={() => setEditing(false)} />
      </ModalForm>
    </Stack>
  );
};
