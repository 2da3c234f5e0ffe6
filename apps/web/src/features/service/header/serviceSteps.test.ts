import { SERVICE_STATES } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { serviceSteps } from './serviceSteps';

const summary = (state: Parameters<typeof serviceSteps>[0]) =>
  serviceSteps(state).map((step) => `${step.key}:${step.status}`);

describe('serviceSteps', () => {
  it('marks the milestones behind a pipeline state done, its own current with the state, the rest upcoming', () => {
    expect(summary('integration_in_progress')).toEqual([
      'application:done',
      'planned:done',
      'information:done',
      'integration:current',
      'online:upcoming',
    ]);
    expect(serviceSteps('integration_in_progress')[3]).toMatchObject({ state: 'integration_in_progress' });
  });

  it('keeps a service that is not available or full on its last milestone', () => {
    expect(summary('service_full_capacity_reached').at(-1)).toBe('online:current');
    expect(summary('service_not_available').filter((s) => s.endsWith(':done'))).toHaveLength(4);
  });

  it('shows a side state as a step of its own after what the service surely passed', () => {
    expect(summary('application_withdrawn')).toEqual([
      'left:left',
      'application:upcoming',
      'planned:upcoming',
      'information:upcoming',
      'integration:upcoming',
      'online:upcoming',
    ]);
    expect(summary('service_offer_withdrawn').slice(0, 2)).toEqual(['application:done', 'left:left']);
    expect(summary('service_retired')).toEqual([
      'application:done',
      'planned:done',
      'information:done',
      'integration:done',
      'online:done',
      'left:left',
    ]);
  });

  it('gives every state exactly one step that says where the service is', () => {
    for (const state of SERVICE_STATES) {
      const here = serviceSteps(state).filter((step) => step.status === 'current' || step.status === 'left');
      expect(here, state).toEqual([expect.objectContaining({ state })]);
    }
  });
});
