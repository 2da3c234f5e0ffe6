import { describe, expect, it } from 'vitest';
import { categoriseService } from './categorisation.js';
import { DEFAULT_WEIGHTING_CRITERIA, weighAnswers, weightingErrors } from './weighting.js';

describe('weighting', () => {
  it('has the ten criteria', () => {
    expect(DEFAULT_WEIGHTING_CRITERIA.map((c) => c.key)).toEqual([
      'initiatedBy',
      'expectedCentres',
      'expectedUsers',
      'externalAvailability',
      'serviceEnablement',
      'scientificSupport',
      'fairStatement',
      'dataFormat',
      'openSource',
      'plannedProvisionTime',
    ]);
  });

  it('scores points × factor per criterion and sums them', () => {
    const { rows, score } = weighAnswers(DEFAULT_WEIGHTING_CRITERIA, {
      initiatedBy: 'alliance', // 3 × 2
      expectedCentres: 'some', // 2 × 3
      openSource: 'yes', // 2 × 2
    });
    expect(rows.find((r) => r.criterion.key === 'initiatedBy')?.weightedScore).toBe(6);
    expect(rows.find((r) => r.criterion.key === 'dataFormat')?.weightedScore).toBe(0);
    expect(score).toBe(16);
  });

  it('refuses unknown criteria and options', () => {
    expect(weightingErrors(DEFAULT_WEIGHTING_CRITERIA, { initiatedBy: 'aliens', nope: 'x', openSource: null })).toEqual(
      {
        initiatedBy: 'validation.option',
        nope: 'validation.unknownField',
      },
    );
  });
});

describe('service type categorisation', () => {
  it('follows the documented rule', () => {
    expect(categoriseService({ serviceCategory: 'storage' })).toBe('infrastructure');
    expect(categoriseService({ serviceCategory: 'data_management' })).toBe('platform');
    expect(categoriseService({ serviceCategory: 'software', apiAvailable: true })).toBe('platform');
    expect(categoriseService({ serviceCategory: 'software' })).toBe('software');
    expect(categoriseService({ serviceCategory: 'collaboration' })).toBe('software');
    expect(categoriseService({ serviceCategory: 'consulting' })).toBe('consulting');
    expect(categoriseService({})).toBe('uncategorised');
  });
});
