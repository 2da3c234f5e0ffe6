import { z } from 'zod';
import { SERVICE_STATES } from '../services/states.js';
import { statusNoticeAnswerSchema } from './services.js';
import { publicRetirementSchema } from '../services/retirement-plan.js';
import { publicDowntimeSchema } from '../downtimes/schemas.js';

const isoDateTime = z.string().meta({ format: 'date-time' });

/** The service ID as the public page's address names it (SVC-00042): stable for a service's life. */
export const publicServiceParamSchema = z.object({ serviceId: z.string().max(40) });

/**
 * A service's public page (docs/adr/0045-public-portfolio-page.md): what the portfolio lists, and
 * the catalogue's public fields with their labels and values in the caller's language (selects
 * as their option labels, keywords by name); empty fields are left out.
 */
export const publicServiceDetailSchema = z
  .object({
    serviceId: z.string(),
    name: z.string(),
    provider: z.string(),
    providerLogo: z.string().nullable(),
    state: z.enum(SERVICE_STATES),
    onlineSince: isoDateTime.nullable(),
    onlineUntil: isoDateTime.nullable(),
    statusNotice: statusNoticeAnswerSchema.nullable(),
    /** While the service is offboarding: its planned end and successor (docs/adr/0122-retirement-plan.md). */
    retirement: publicRetirementSchema.nullable(),
    /** The downtimes running now and coming, by start (docs/adr/0124-announced-downtimes.md). */
    downtimes: z.array(publicDowntimeSchema),
    fields: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        /** How to show the values: text, a long text, links or mail addresses. */
        kind: z.enum(['text', 'longText', 'url', 'email']),
        values: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'PublicServiceDetail' });
export type PublicServiceDetail = z.infer<typeof publicServiceDetailSchema>;
