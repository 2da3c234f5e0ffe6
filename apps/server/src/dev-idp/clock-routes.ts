import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { markRoutesPublic } from '../http/access-control.js';
import { hideFromDocument } from '../http/openapi.js';
import type { MovableClock } from '../model/clock.js';
import { scheduledJobs } from '../db/schema.js';
import { gt } from 'drizzle-orm';

const clockAnswer = z.object({ now: z.string(), offsetMs: z.number() });

/**
 * The development clock (docs/adr/0124-announced-downtimes.md): a browser walk moves the portal's
 * clock, which only timed work reads (the scheduler, downtimes, reviews, pilots), and resets it.
 * Registered beside the development IdP only, so never in production. A move makes every job due
 * that waits for a later time than the new one (a job run at a moved time would otherwise wait for
 * that time after a reset) and rebuilds the public portfolio, which shows downtimes by the clock.
 */
export const devClockRoutes = async (
  app: FastifyInstance,
  { clock, context }: { clock: MovableClock; context: AppContext },
) => {
  app.addHook('onRoute', markRoutesPublic);
  app.addHook('onRoute', hideFromDocument);

  const answer = () => ({ now: clock.clock().toISOString(), offsetMs: clock.offsetMs() });
  const moved = async () => {
    const now = clock.clock();
    await context.database.db.update(scheduledJobs).set({ nextRunAt: now }).where(gt(scheduledJobs.nextRunAt, now));
    context.publicPortfolio.invalidate();
    return answer();
  };

  app.get('/', { schema: { response: { 200: clockAnswer } } }, async () => answer());

  app.put(
    '/',
    {
      schema: {
        body: z.object({ at: z.iso.datetime({ offset: true }) }).strict(),
        response: { 200: clockAnswer },
      },
    },
    async (request) => {
      clock.moveTo(new Date((request.body as { at: string }).at));
      return moved();
    },
  );

  app.delete('/', { schema: { response: { 200: clockAnswer } } }, async () => {
    clock.reset();
    return moved();
  });
};
