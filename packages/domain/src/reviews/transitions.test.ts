import { describe, expect, it } from 'vitest';
import { SERVICE_STATES } from '../services/states.js';
import { REVIEW_STATUSES, REVIEWABLE_STATES } from './statuses.js';
import { availableReviewActions, checkReviewAction, isBulkEligible, MANUAL_REVIEW_ACTIONS } from './transitions.js';

const spm = { roles: ['servicePortfolioManager'], isProviderSide: false };
const provider = { roles: ['serviceProvider'], isProviderSide: true };
const manager = { roles: ['portalManager'], isProviderSide: false };
const stranger = { roles: ['serviceProvider'], isProviderSide: false };

/** The review table written out (docs/domain.md#reviews): action → from, and who. */
const TABLE = {
  start: { from: ['inactive'], who: 'spm' },
  stop: { from: ['running'], who: 'spm' },
  end: { from: ['running', 'editRequired', 'finishedOK'], who: 'spm' },
  confirm: { from: ['running'], who: 'provider' },
} as const;

describe('review actions', () => {
  it('every action × status × caller in a reviewable state answers as the table says', () => {
    for (const action of MANUAL_REVIEW_ACTIONS) {
      for (const status of REVIEW_STATUSES) {
        for (const [name, caller] of Object.entries({ spm, provider, manager, stranger })) {
          const verdict = checkReviewAction(action, status, 'service_online', caller);
          const row = TABLE[action];
          const mayAct = name === 'manager' || (row.who === 'spm' ? name === 'spm' : name === 'provider');
          const allowedFrom = (row.from as readonly string[]).includes(status);
          const expected = !mayAct ? 'forbidden' : allowedFrom ? 'ok' : 'notAllowedFromStatus';
          expect(verdict.ok ? 'ok' : verdict.reason, `${action} ${status} ${name}`).toBe(expected);
        }
      }
    }
  });

  it('starts only in the four reviewable states; ending follows a service that left them', () => {
    for (const state of SERVICE_STATES) {
      const reviewable = (REVIEWABLE_STATES as readonly string[]).includes(state);
      expect(checkReviewAction('start', 'inactive', state, spm).ok, state).toBe(reviewable);
      expect(checkReviewAction('end', 'running', state, spm).ok, state).toBe(true);
      expect(isBulkEligible('start', 'inactive', state)).toBe(reviewable);
      expect(isBulkEligible('end', 'finishedOK', state)).toBe(true);
    }
    expect(checkReviewAction('start', 'inactive', 'service_retired', spm)).toEqual({
      ok: false,
      reason: 'notReviewable',
    });
  });

  it('offers the provider side only its answer, the portfolio manager the rest', () => {
    expect(availableReviewActions('running', 'service_online', provider)).toEqual(['confirm']);
    expect(availableReviewActions('running', 'service_online', spm)).toEqual(['stop', 'end']);
    expect(availableReviewActions('inactive', 'service_online', spm)).toEqual(['start']);
    expect(availableReviewActions('finishedOK', 'service_online', provider)).toEqual([]);
  });
});
