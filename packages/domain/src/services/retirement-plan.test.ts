import { describe, expect, it } from 'vitest';
import { retirementPlanProblems, retirementPlanRequestSchema, type RetirementPlanValues } from './retirement-plan.js';
import { findTransition } from './workflow.js';

const complete: RetirementPlanValues = {
  reason: 'Replaced by the new object store',
  plannedEndOn: '2027-06-30',
  usersToldOn: '2027-01-15',
  usersToldHow: 'A mail to every project',
  dataExportUntil: '2027-07-31',
  dataDeletionOn: '2027-09-30',
  successorId: null,
};

describe('retirement plan completeness', () => {
  it('is complete with every item but the successor, days in order', () => {
    expect(retirementPlanProblems(complete)).toEqual({});
  });

  it('misses every required item without a plan, never the successor', () => {
    expect(Object.keys(retirementPlanProblems(null)).sort()).toEqual(
      ['dataDeletionOn', 'dataExportUntil', 'plannedEndOn', 'reason', 'usersToldHow', 'usersToldOn'].sort(),
    );
    expect(retirementPlanProblems({ ...complete, reason: '   ' })).toEqual({ reason: 'validation.required' });
  });

  it('names the day to change when the days are out of order', () => {
    expect(retirementPlanProblems({ ...complete, usersToldOn: '2027-06-30' })).toEqual({
      usersToldOn: 'retirementPlan.rules.toldBeforeEnd',
    });
    expect(retirementPlanProblems({ ...complete, dataExportUntil: '2027-10-01' })).toEqual({
      dataExportUntil: 'retirementPlan.rules.exportBeforeDeletion',
    });
    expect(retirementPlanProblems({ ...complete, dataExportUntil: '2027-01-01' })).toEqual({
      dataExportUntil: 'retirementPlan.rules.exportAfterTold',
    });
    expect(
      retirementPlanProblems({ ...complete, dataDeletionOn: '2027-06-29', dataExportUntil: '2027-06-01' }),
    ).toEqual({
      dataDeletionOn: 'retirementPlan.rules.deletionAfterEnd',
    });
  });

  it('gates the retire step, which the workflow checks like its other gated steps', () => {
    expect(findTransition('retire', 'service_discontinued')?.validation).toBe('retirement');
  });
});

describe('retirement plan request', () => {
  const request = { ...complete, version: 0 };

  it('takes a partial plan, empty texts and days as nothing', () => {
    const parsed = retirementPlanRequestSchema.parse({ ...request, reason: '  ', plannedEndOn: '' });
    expect(parsed.reason).toBeNull();
    expect(parsed.plannedEndOn).toBeNull();
  });

  it('refuses a day that does not exist, days out of order and unknown keys', () => {
    const bad = retirementPlanRequestSchema.safeParse({ ...request, plannedEndOn: '2027-02-30' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['plannedEndOn'], message: 'validation.date' });
    const order = retirementPlanRequestSchema.safeParse({ ...request, dataDeletionOn: '2027-07-01' });
    expect(order.error?.issues[0]).toMatchObject({
      path: ['dataExportUntil'],
      message: 'retirementPlan.rules.exportBeforeDeletion',
    });
    expect(retirementPlanRequestSchema.safeParse({ ...request, extra: 1 }).success).toBe(false);
  });
});
