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

  describe('downtimes', () => {
    const downtime = {
      downtimeId: 'd1',
      severity: 'outage',
      startsAt: '2027-03-02T09:00:00.000Z',
      endsAt: '2027-03-02T11:00:00.000Z',
      descriptionEn: 'Storage upgrade',
      descriptionDe: 'Speicher-Erweiterung',
    };
    const same = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { old: value, new: value }]));

    it('has a type for each audit action of a downtime’s life, the extension named as a change', () => {
      expect(FEED_TYPE_OF_ACTION['downtime.announced']).toBe('downtime.announced');
      expect(FEED_TYPE_OF_ACTION['downtime.started']).toBe('downtime.started');
      expect(FEED_TYPE_OF_ACTION['downtime.ended']).toBe('downtime.ended');
      expect(FEED_TYPE_OF_ACTION['downtime.extended']).toBe('downtime.changed');
      expect(FEED_TYPE_OF_ACTION['downtime.cancelled']).toBe('downtime.cancelled');
    });

    it('names what the calendar shows: an announcement from nothing, a start and a cancellation unchanged', () => {
      expect(feedChanges('downtime.announced', null, downtime)).toEqual(
        Object.fromEntries(Object.entries(downtime).map(([key, value]) => [key, { old: null, new: value }])),
      );
      expect(feedChanges('downtime.started', null, downtime)).toEqual(same(downtime));
      expect(feedChanges('downtime.cancelled', null, downtime)).toEqual(same(downtime));
    });

    it('gives an extension’s and an early end’s old end, and leaves out whether an end was early', () => {
      const later = { ...downtime, endsAt: '2027-03-02T13:00:00.000Z' };
      expect(feedChanges('downtime.extended', { endsAt: downtime.endsAt }, later)).toEqual({
        ...same(downtime),
        endsAt: { old: downtime.endsAt, new: later.endsAt },
      });
      const early = { ...downtime, endsAt: '2027-03-02T10:00:00.000Z', early: true };
      const ended = feedChanges('downtime.ended', { endsAt: downtime.endsAt }, early);
      expect(ended).toEqual({ ...same(downtime), endsAt: { old: downtime.endsAt, new: early.endsAt } });
      expect(ended).not.toHaveProperty('early');
    });
  });
});
