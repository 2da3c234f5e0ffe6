import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../audit/events.js';
import { FEED_ACTIONS, FEED_EVENT_TYPES, FEED_TYPE_OF_ACTION, feedChanges, isPublicServiceValue } from './feed.js';

describe('the event feed', () => {
  it('takes each type from audit actions that exist, and every type from at least one', () => {
    for (const action of FEED_ACTIONS) expect(AUDIT_ACTIONS).toContain(action);
    expect(new Set(Object.values(FEED_TYPE_OF_ACTION))).toEqual(new Set(FEED_EVENT_TYPES));
  });

  it('names only public values of a service: its name, keywords and public fields, never the weighting', () => {
    expect(isPublicServiceValue('name')).toBe(true);
    expect(isPublicServiceValue('shortDescription')).toBe(true);
    expect(isPublicServiceValue('weighting.initiatedBy')).toBe(false);
    expect(
      feedChanges(
        'service.updated',
        { shortDescription: 'Old', 'weighting.initiatedBy': null },
        { shortDescription: 'New', 'weighting.initiatedBy': 'centre' },
      ),
    ).toEqual({ shortDescription: { old: 'Old', new: 'New' } });
  });

  it('has no event for a change of internal values alone', () => {
    expect(
      feedChanges('service.updated', { 'weighting.initiatedBy': null }, { 'weighting.initiatedBy': 'centre' }),
    ).toBeNull();
  });

  it('gives a state, a review status and the public fields a change request applied', () => {
    expect(
      feedChanges('vo.approve', { state: 'application_received' }, { state: 'application_approved', comment: 'ok' }),
    ).toEqual({
      state: { old: 'application_received', new: 'application_approved' },
    });
    expect(feedChanges('review.confirmed', { reviewStatus: 'running' }, { reviewStatus: 'confirmed' })).toEqual({
      reviewStatus: { old: 'running', new: 'confirmed' },
    });
    expect(
      feedChanges('service.changeRequestApplied', null, {
        changeRequest: 'x',
        handedInBy: null,
        appliedFields: ['shortDescription', 'weighting.initiatedBy'],
        discardedFields: [],
      }),
    ).toEqual({ appliedFields: { old: null, new: ['shortDescription'] } });
  });
});
