import { z } from 'zod';

/**
 * `GET /api/health/ready`: whether this instance should get traffic. Each check says only whether
 * it passed and, if not, which way it failed; no internal detail.
 * - database: the database answers a query.
 * - migrations: every migration this build carries is applied (`unknown` while the database does not answer).
 * - mailWorker: with SMTP configured, this process's outbox worker runs and has read the outbox
 *   lately (`disabled` without SMTP: mails stay in the outbox, which is not a failure).
 */
export const readinessResponseSchema = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      database: z.enum(['ok', 'unavailable']),
      migrations: z.enum(['ok', 'pending', 'unknown']),
      mailWorker: z.enum(['ok', 'disabled', 'stopped', 'stalled']),
    }),
  })
  .meta({ id: 'Readiness' });

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
