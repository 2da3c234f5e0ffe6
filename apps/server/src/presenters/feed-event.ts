import { FEED_TYPE_OF_ACTION, feedChanges, type FeedEvent } from '@nubes/domain';
import type { FeedRow } from '../queries/event-feed.js';
import { objectLink, serviceLink } from './object-link.js';

/**
 * A feed event as readers and webhook receivers get it (docs/adr/0120-event-feed-and-signed-webhooks.md):
 * its audit event's id, the stable type, the object's public id and its full address, and the public
 * values it changed. Null for an event that changed nothing public, which the feed leaves out.
 */
export const presentFeedEvent = (row: FeedRow, publicUrl: string): FeedEvent | null => {
  const changes = feedChanges(row.action, row.before, row.after);
  if (!changes) return null;
  const object: FeedEvent['object'] =
    row.objectType === 'service'
      ? { type: 'service', id: row.serviceId ?? row.objectId, link: `${publicUrl}${serviceLink(row.objectId)}` }
      : row.objectType === 'resourcePackage'
        ? {
            type: 'resourcePackage',
            id: row.objectId,
            link: `${publicUrl}${objectLink('resourcePackage', row.objectId, row.serviceUuid ?? undefined) ?? ''}`,
          }
        : { type: 'vo', id: row.objectId, link: `${publicUrl}${objectLink('vo', row.objectId) ?? ''}` };
  return {
    id: row.id,
    type: FEED_TYPE_OF_ACTION[row.action],
    time: row.at.toISOString(),
    object,
    changes,
  };
};
