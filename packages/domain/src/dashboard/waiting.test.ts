import { describe, expect, it } from 'vitest';
import { SERVICE_STATES } from '../services/states.js';
import { checkTransition, nextStepFor } from '../services/workflow.js';
import type { ServiceRelation } from '../services/access.js';
import { changeRequestDueFor, resourcePackageDueFor, reviewDueFor, voDueFor } from './waiting.js';

const provider = { roles: ['serviceProvider'], isProviderSide: true };
const spm = { roles: ['servicePortfolioManager'], isProviderSide: false };
const sim = { roles: ['serviceIntegrationManager'], isProviderSide: false };
const stranger = { roles: ['serviceProvider'], isProviderSide: false };

const relation = (roles: string[], providerSide: boolean): ServiceRelation => ({
  roles,
  state: 'service_online',
  isObjectOwner: providerSide,
  isServiceOwner: false,
  isAdmin: false,
  isServiceManager: false,
  isProviderManager: false,
  hasServiceManager: false,
});

describe('nextStepFor', () => {
  it('names the step whose work it is: provider writes, portfolio manager decides, integration manager integrates', () => {
    expect(nextStepFor('application_draft', provider)).toBe('completeApplication');
    expect(nextStepFor('service_planned', provider)).toBe('backToServiceInformationDraft');
    expect(nextStepFor('service_information_draft', provider)).toBe('submitServiceInformation');
    expect(nextStepFor('application_received', spm)).toBe('planService');
    expect(nextStepFor('service_information_received', spm)).toBe('readyForIntegration');
    expect(nextStepFor('integration_completed', spm)).toBe('online');
    expect(nextStepFor('ready_for_integration', sim)).toBe('integrationPlanned');
    expect(nextStepFor('service_card_review', sim)).toBe('integrationCompleted');
  });

  it('leaves out what others may only stand in for, and what is nobody’s next step', () => {
    // The portfolio manager may complete an application, but it is the provider's work.
    expect(nextStepFor('application_draft', spm)).toBeNull();
    expect(nextStepFor('ready_for_integration', spm)).toBeNull();
    expect(nextStepFor('application_draft', stranger)).toBeNull();
    expect(nextStepFor('application_received', provider)).toBeNull();
    expect(nextStepFor('service_online', spm)).toBeNull();
    expect(nextStepFor('service_retired', spm)).toBeNull();
  });

  it('never names a step the transition rule would refuse', () => {
    for (const state of SERVICE_STATES)
      for (const context of [provider, spm, sim, stranger, { roles: ['portalManager'], isProviderSide: false }]) {
        const step = nextStepFor(state, context);
        if (step) expect(checkTransition(step, state, context).ok, `${state} ${step}`).toBe(true);
      }
  });
});

describe('what change requests, reviews and VOs wait for', () => {
  it('change requests: the authors hand in, the portfolio manager decides and applies', () => {
    expect(changeRequestDueFor(relation(['serviceProvider'], true), 'draft', false)).toBe('handIn');
    expect(changeRequestDueFor(relation(['serviceProvider'], true), 'handed_in', false)).toBeNull();
    expect(changeRequestDueFor(relation(['servicePortfolioManager'], false), 'handed_in', false)).toBe('decide');
    expect(changeRequestDueFor(relation(['servicePortfolioManager'], false), 'released', false)).toBe('apply');
    expect(changeRequestDueFor(relation(['serviceIntegrationManager'], false), 'draft', true)).toBe('handIn');
    expect(changeRequestDueFor(relation(['serviceProvider'], false), 'draft', false)).toBeNull();
  });

  it('reviews: the provider side answers a running one, the portfolio manager ends an answered one', () => {
    expect(reviewDueFor('running', 'service_online', provider)).toBe('confirm');
    expect(reviewDueFor('running', 'service_online', spm)).toBeNull();
    expect(reviewDueFor('finishedOK', 'service_online', spm)).toBe('end');
    expect(reviewDueFor('editRequired', 'service_online', spm)).toBe('end');
    expect(reviewDueFor('finishedOK', 'service_online', provider)).toBeNull();
  });

  it('VOs: the managers send a draft, reviewers approve and make available', () => {
    expect(voDueFor('application_draft', { roles: ['voManager'], isManager: true })).toBe('send');
    expect(voDueFor('application_draft', { roles: ['voSupervisor'], isManager: false })).toBeNull();
    expect(voDueFor('application_received', { roles: ['voSupervisor'], isManager: false })).toBe('approve');
    expect(voDueFor('application_approved', { roles: ['servicePortfolioManager'], isManager: false })).toBe(
      'makeAvailable',
    );
    expect(voDueFor('application_received', { roles: ['voManager'], isManager: true })).toBeNull();
  });
});

describe('resourcePackageDueFor', () => {
  it('gives the reviewer a submitted package and the provider side a rejected one to rework', () => {
    expect(resourcePackageDueFor(relation(['resourcePackageManager'], false), 'submitted')).toBe('review');
    expect(resourcePackageDueFor(relation(['serviceProvider'], true), 'rejected')).toBe('rework');
  });

  it('owes nothing for drafts and approved packages, nor to the portfolio manager who could stand in', () => {
    expect(resourcePackageDueFor(relation(['resourcePackageManager'], false), 'rejected')).toBeNull();
    expect(resourcePackageDueFor(relation(['serviceProvider'], true), 'submitted')).toBeNull();
    expect(resourcePackageDueFor(relation(['serviceProvider'], true), 'draft')).toBeNull();
    expect(resourcePackageDueFor(relation(['serviceProvider'], true), 'approved')).toBeNull();
    expect(resourcePackageDueFor(relation(['servicePortfolioManager'], false), 'rejected')).toBeNull();
  });
});
