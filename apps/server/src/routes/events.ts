import { eventFeedPageSchema, eventFeedQuerySchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import { presentFeedEvent } from '../presenters/feed-event.js';
import { readEventFeed } from '../queries/event-feed.js';

/** The event feed (docs/adr/0120-event-feed-and-signed-webhooks.md): the portal's domain events, paged by an opaque cursor. */
export const eventFeedRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  const { db } = context.database;

  api.get('/events', {
    access: 'event.read',
    scope: 'events:read',
    tags: ['events'],
    summary:
      'The event feed: services created, changed and moved, reviews, applied change requests, package decisions and approved VOs, oldest first after the cursor',
    description:
      'Each event the caller may read, in a stable order; ask again with `after=` the answer’s `nextCursor` for what came since. Events of objects the caller may not see are left out.',
    querystring: eventFeedQuerySchema,
    answer: eventFeedPageSchema,
    errors: [400, 401, 403],
    handler: async (request, principal) => {
      const { rows, nextCursor } = await readEventFeed(db, principal, request.query.after, request.query.limit);
      return {
        items: rows.flatMap((row) => presentFeedEvent(row, context.config.publicUrl) ?? []),
        nextCursor,
      };
    },
  });
};
