import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { SERVICE_STATES, type ServiceState } from './states.js';
import {
  availableTransitions,
  checkStepFor,
  checkTransition,
  findTransition,
  STATUS_NOTICE_STATES,
  TRANSITIONS,
  WORKFLOW_ACTIONS,
  type ValidationStep,
  type WorkflowContext,
} from './workflow.js';

const provider: WorkflowContext = { roles: ['serviceProvider'], isProviderSide: true };
const otherProvider: WorkflowContext = { roles: ['serviceProvider'], isProviderSide: false };
const spm: WorkflowContext = { roles: ['servicePortfolioManager'], isProviderSide: false };
const sim: WorkflowContext = { roles: ['serviceIntegrationManager'], isProviderSide: false };
const admin: WorkflowContext = { roles: ['portalManager'], isProviderSide: false };
const desk: WorkflowContext = { roles: ['cloudServiceDesk'], isProviderSide: false };

// The transition table written out once more, independently of the table's helper, so a slip in either shows.
const EXPECTED: Array<[string, ServiceState[], ServiceState, string]> = [
  ['withdrawApplication', ['application_draft', 'application_received'], 'application_withdrawn', 'provider,spm'],
  ['completeApplication', ['application_draft'], 'application_received', 'provider,spm'],
  ['backToDraft', ['application_received'], 'application_draft', 'provider,spm'],
  ['backToApplicationDraft', ['application_withdrawn'], 'application_draft', 'provider,spm'],
  ['planService', ['application_received'], 'service_planned', 'spm'],
  ['backToApplicationReceived', ['service_planned'], 'application_received', 'spm'],
  [
    'withdrawServiceOffer',
    [
      'service_planned',
      'service_information_draft',
      'service_information_received',
      'ready_for_integration',
      'integration_planned',
      'integration_in_progress',
      'service_card_review',
      'integration_completed',
    ],
    'service_offer_withdrawn',
    'provider,spm',
  ],
  [
    'backToServiceInformationDraft',
    ['service_planned', 'service_information_received'],
    'service_information_draft',
    'provider,spm',
  ],
  ['backToServiceInformationDraft', ['service_offer_withdrawn'], 'service_information_draft', 'spm'],
  ['submitServiceInformation', ['service_information_draft'], 'service_information_received', 'provider,spm'],
  ['backToServiceInformationReceived', ['ready_for_integration'], 'service_information_received', 'spm,sim'],
  ['readyForIntegration', ['service_information_received'], 'ready_for_integration', 'spm'],
  ['integrationPlanned', ['ready_for_integration'], 'integration_planned', 'spm,sim'],
  ['integrationInProgress', ['integration_planned', 'service_card_review'], 'integration_in_progress', 'spm,sim'],
  ['serviceCardReview', ['integration_in_progress'], 'service_card_review', 'spm,sim'],
  ['integrationCompleted', ['service_card_review'], 'integration_completed', 'spm,sim'],
  ['online', ['integration_completed'], 'service_online', 'spm'],
  ['online', ['service_not_available', 'service_full_capacity_reached'], 'service_online', 'provider,spm'],
  ['notAvailable', ['service_online', 'service_full_capacity_reached'], 'service_not_available', 'provider,spm'],
  ['fullCapacityReached', ['service_online', 'service_not_available'], 'service_full_capacity_reached', 'provider,spm'],
  [
    'discontinue',
    ['service_online', 'service_not_available', 'service_full_capacity_reached'],
    'service_discontinued',
    'spm',
  ],
  ['retire', ['service_discontinued'], 'service_retired', 'spm'],
];

const expectedRows = EXPECTED.flatMap(([action, from, to, who]) =>
  from.map((state) => ({ action, from: state, to, who: new Set(who.split(',')) })),
);

const contexts = { provider, spm, sim } as const;

describe('the service workflow table', () => {
  it('has exactly the rows of the design, no more', () => {
    expect(TRANSITIONS).toHaveLength(expectedRows.length);
    for (const row of expectedRows) {
      const rule = findTransition(row.action as never, row.from);
      expect(rule, `${row.action} from ${row.from}`).toBeDefined();
      expect(rule!.to).toBe(row.to);
      expect(new Set(rule!.who)).toEqual(row.who);
    }
  });

  it.each(expectedRows)('$action from $from: allowed for exactly its actors, portalManager always', (row) => {
    for (const [actor, context] of Object.entries(contexts)) {
      const verdict = checkTransition(row.action as never, row.from, context);
      expect(verdict.ok, `${actor}`).toBe(row.who.has(actor));
      if (!verdict.ok) expect(verdict.reason).toBe('forbidden');
    }
    expect(checkTransition(row.action as never, row.from, admin).ok).toBe(true);
    expect(checkTransition(row.action as never, row.from, otherProvider).ok).toBe(false);
    expect(checkTransition(row.action as never, row.from, desk).ok).toBe(false);
  });

  it('refuses every (action, state) pair that is not a row as not allowed from the state, whoever asks', () => {
    let pairs = 0;
    for (const action of WORKFLOW_ACTIONS) {
      for (const state of SERVICE_STATES) {
        if (expectedRows.some((row) => row.action === action && row.from === state)) continue;
        pairs += 1;
        for (const context of [provider, spm, sim, admin]) {
          expect(checkTransition(action, state, context), `${action} from ${state}`).toEqual({
            ok: false,
            reason: 'notAllowedFromState',
          });
        }
      }
    }
    expect(pairs).toBe(WORKFLOW_ACTIONS.length * SERVICE_STATES.length - expectedRows.length);
  });

  it('asks for validation before sending, submitting, card review and going online', () => {
    expect(findTransition('completeApplication', 'application_draft')?.validation).toBe('application');
    expect(findTransition('submitServiceInformation', 'service_information_draft')?.validation).toBe(
      'serviceInformation',
    );
    expect(findTransition('serviceCardReview', 'integration_in_progress')?.validation).toBe('serviceCard');
    expect(findTransition('online', 'integration_completed')?.validation).toBe('online');
    expect(findTransition('online', 'service_not_available')?.validation).toBeUndefined();
  });

  it('asks before every step that changes what the public sees or cannot be undone, with a text in both languages', () => {
    const confirmed = new Set(TRANSITIONS.filter((rule) => rule.confirm).map((rule) => rule.action));
    expect(confirmed).toEqual(
      new Set([
        'withdrawApplication',
        'withdrawServiceOffer',
        'online',
        'notAvailable',
        'fullCapacityReached',
        'discontinue',
        'retire',
      ]),
    );
    // Every step into, out of or within the public portfolio's states asks.
    const publicStates = new Set<string>(STATUS_NOTICE_STATES.concat(['service_online', 'service_discontinued']));
    for (const rule of TRANSITIONS.filter((r) => publicStates.has(r.from) || publicStates.has(r.to)))
      expect(rule.confirm, `${rule.action} from ${rule.from}`).toBeDefined();
    for (const rule of TRANSITIONS.filter((r) => ['withdrawApplication', 'discontinue'].includes(r.action))) {
      expect(rule.confirm, `${rule.action} from ${rule.from}`).toBe(`workflow.confirm.${rule.action}`);
    }
    for (const rule of TRANSITIONS) {
      if (!rule.confirm) continue;
      expect(translate('en', rule.confirm), rule.confirm).not.toBe(rule.confirm);
      expect(translate('de', rule.confirm), rule.confirm).not.toBe(translate('en', rule.confirm));
    }
  });

  it('takes a status notice exactly on the steps that pause a live service', () => {
    expect(TRANSITIONS.filter((rule) => rule.notice).map((rule) => `${rule.action} from ${rule.from}`)).toEqual([
      'notAvailable from service_online',
      'notAvailable from service_full_capacity_reached',
      'fullCapacityReached from service_online',
      'fullCapacityReached from service_not_available',
    ]);
    expect(STATUS_NOTICE_STATES).toEqual(['service_not_available', 'service_full_capacity_reached']);
  });

  it('checks the service information against the next gated step on the way to online', () => {
    const expected: Record<ServiceState, ValidationStep> = {
      application_withdrawn: 'application',
      application_draft: 'application',
      application_received: 'serviceInformation',
      service_planned: 'serviceInformation',
      service_offer_withdrawn: 'serviceInformation',
      service_information_draft: 'serviceInformation',
      service_information_received: 'serviceCard',
      ready_for_integration: 'serviceCard',
      integration_planned: 'serviceCard',
      integration_in_progress: 'serviceCard',
      service_card_review: 'online',
      integration_completed: 'online',
      service_online: 'online',
      service_not_available: 'online',
      service_full_capacity_reached: 'online',
      service_discontinued: 'online',
      service_retired: 'online',
    };
    for (const state of SERVICE_STATES) expect(checkStepFor(state), state).toBe(expected[state]);
  });

  it('offers each actor exactly the actions it may take now', () => {
    expect(availableTransitions('application_draft', provider).map((r) => r.action)).toEqual([
      'withdrawApplication',
      'completeApplication',
    ]);
    expect(availableTransitions('application_received', spm).map((r) => r.action)).toEqual([
      'withdrawApplication',
      'backToDraft',
      'planService',
    ]);
    expect(availableTransitions('service_offer_withdrawn', provider)).toEqual([]);
    expect(availableTransitions('service_offer_withdrawn', spm).map((r) => r.action)).toEqual([
      'backToServiceInformationDraft',
    ]);
    expect(availableTransitions('service_retired', admin)).toEqual([]);
    expect(availableTransitions('service_online', otherProvider)).toEqual([]);
  });

  it('reaches every state from a draft application', () => {
    const reached = new Set<ServiceState>(['application_draft']);
    for (let grew = true; grew;) {
      grew = false;
      for (const rule of TRANSITIONS) {
        if (reached.has(rule.from) && !reached.has(rule.to)) {
          reached.add(rule.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...SERVICE_STATES].sort());
  });
});
