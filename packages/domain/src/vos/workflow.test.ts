import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { can } from '../permissions.js';
import { ROLES } from '../roles.js';
import { VO_STATES, type VoState } from './states.js';
import {
  availableVoTransitions,
  canEditVo,
  canReadVo,
  checkVoTransition,
  isVoReviewer,
  VO_ACTIONS,
  VO_TRANSITIONS,
  voActionsFor,
  type VoAction,
  type VoActorContext,
} from './workflow.js';

type Who = 'manager' | 'reviewer';

// The table written out once more, independently, so a slip in either shows.
const EXPECTED: Array<[VoAction, VoState, VoState, Who]> = [
  ['send', 'application_draft', 'application_received', 'manager'],
  ['approve', 'application_received', 'application_approved', 'reviewer'],
  ['makeAvailable', 'application_approved', 'vo_available', 'reviewer'],
  ['withdraw', 'application_draft', 'application_withdrawn', 'manager'],
  ['withdraw', 'application_received', 'application_withdrawn', 'manager'],
  ['backToDraft', 'application_received', 'application_draft', 'reviewer'],
  ['backToDraft', 'application_withdrawn', 'application_draft', 'manager'],
];

/** Every kind of caller: each role alone, as the VO's manager or not, and nobody at all. */
const CALLERS: Array<{ label: string; context: VoActorContext }> = [
  { label: 'applicant or deputy (voManager)', context: { roles: ['voManager'], isManager: true } },
  { label: 'deputy without a role', context: { roles: [], isManager: true } },
  { label: 'nobody', context: { roles: [], isManager: false } },
  ...ROLES.map((role) => ({ label: role, context: { roles: [role], isManager: false } })),
];

const isReviewer = (roles: readonly string[]) =>
  roles.some((role) => ['voSupervisor', 'servicePortfolioManager', 'portalManager'].includes(role));

const expectedAllowed = (who: Who, context: VoActorContext) =>
  who === 'manager' ? context.isManager : isReviewer(context.roles);

describe('the VO workflow table', () => {
  it('holds exactly the expected rows', () => {
    expect(VO_TRANSITIONS.map((rule) => [rule.action, rule.from, rule.to])).toEqual(
      EXPECTED.map(([action, from, to]) => [action, from, to]),
    );
  });

  it('needs the send check for send only, and a comment only for a reviewer sending back to draft', () => {
    for (const rule of VO_TRANSITIONS) {
      expect(rule.sendCheck === true, rule.action).toBe(rule.action === 'send');
      expect(rule.commentRequired === true, `${rule.action} ${rule.from}`).toBe(
        rule.action === 'backToDraft' && rule.from === 'application_received',
      );
    }
  });

  describe.each(CALLERS)('for $label', ({ context }) => {
    it.each(EXPECTED)('%s from %s → %s (%s)', (action, from, to, who) => {
      const verdict = checkVoTransition(action, from, context);
      if (expectedAllowed(who, context)) expect(verdict).toMatchObject({ ok: true, rule: { to } });
      else expect(verdict).toEqual({ ok: false, reason: 'forbidden' });
    });

    it('is refused with a state conflict for every pair that is not a row', () => {
      for (const action of VO_ACTIONS)
        for (const from of VO_STATES) {
          if (EXPECTED.some(([a, f]) => a === action && f === from)) continue;
          expect(checkVoTransition(action, from, context), `${action} ${from}`).toEqual({
            ok: false,
            reason: 'notAllowedFromState',
          });
        }
    });

    it('is offered exactly the allowed actions in each state', () => {
      for (const state of VO_STATES) {
        const expected = EXPECTED.filter(([, from, , who]) => from === state && expectedAllowed(who, context)).map(
          ([action]) => action,
        );
        expect(voActionsFor(state, context), state).toEqual(expected);
        expect(availableVoTransitions(state, context).map((rule) => rule.action)).toEqual(expected);
      }
    });
  });

  it('gives a supervisor who is also the applicant both sides', () => {
    const both: VoActorContext = { roles: ['voSupervisor'], isManager: true };
    expect(voActionsFor('application_received', both)).toEqual(['approve', 'withdraw', 'backToDraft']);
  });

  it('lets the managers, supervisors, the portfolio manager and the portal manager read a VO, nobody else', () => {
    expect(canReadVo({ roles: [], isManager: true })).toBe(true);
    for (const role of ROLES)
      expect(canReadVo({ roles: [role], isManager: false }), role).toBe(
        ['voSupervisor', 'servicePortfolioManager', 'portalManager'].includes(role),
      );
  });

  it('agrees with the vo.review permission on who reviews', () => {
    for (const role of ROLES)
      expect(isVoReviewer([role]), role).toBe(can({ id: 'u', username: 'u', roles: [role] }, 'vo.review'));
  });

  it('lets only the managers edit, and only in draft', () => {
    for (const state of VO_STATES) {
      expect(canEditVo(state, { roles: [], isManager: true }), state).toBe(state === 'application_draft');
      expect(canEditVo(state, { roles: ['portalManager'], isManager: false }), state).toBe(false);
    }
  });

  it('names every state and action in both languages', () => {
    for (const language of ['en', 'de'] as const) {
      for (const state of VO_STATES) expect(translate(language, `vos.states.${state}`)).not.toContain('vos.');
      for (const action of VO_ACTIONS) {
        expect(translate(language, `vos.actions.${action}`)).not.toContain('vos.');
        expect(translate(language, `vos.confirm.${action}`)).not.toContain('vos.');
      }
    }
  });
});
