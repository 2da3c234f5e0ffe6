import { z } from 'zod';
import { CHANGE_REQUEST_STATES } from '../change-requests/states.js';
import { REVIEW_STATUSES } from '../reviews/statuses.js';
import { serviceListResponseSchema } from '../schemas/services.js';
import { SERVICE_STATES } from '../services/states.js';
import { NEXT_STEP_ACTIONS } from '../services/workflow.js';
import { VO_STATES } from '../vos/states.js';
import { PILOT_STATES } from '../pilots/pilot.js';
import { RESOURCE_PACKAGE_STATES } from '../resource-packages/states.js';
import { CHANGE_REQUEST_DUE, RESOURCE_PACKAGE_DUE, REVIEW_DUE, VO_DUE } from './waiting.js';

const isoDateTime = z.string().meta({ format: 'date-time' });

/** How many waiting items, own services and activity entries the dashboard carries at most. */
export const DASHBOARD_LIMITS = { waiting: 25, myServices: 10, activity: 10, contacts: 5 } as const;

/** Where an item leads: a path of the web app (the domain's route table). */
const link = z.string();

const waitingServiceSchema = z.object({
  kind: z.literal('service'),
  id: z.string(),
  name: z.string(),
  state: z.enum(SERVICE_STATES),
  due: z.enum(NEXT_STEP_ACTIONS),
  link,
  since: isoDateTime,
});

const waitingChangeRequestSchema = z.object({
  kind: z.literal('changeRequest'),
  id: z.string(),
  /** The service's name: a change request has none of its own. */
  name: z.string(),
  state: z.enum(CHANGE_REQUEST_STATES),
  due: z.enum(CHANGE_REQUEST_DUE),
  link,
  since: isoDateTime,
});

const waitingReviewSchema = z.object({
  kind: z.literal('review'),
  /** The service's id: a service has one review at a time. */
  id: z.string(),
  name: z.string(),
  state: z.enum(REVIEW_STATUSES),
  due: z.enum(REVIEW_DUE),
  link,
  since: isoDateTime,
});

const waitingVoSchema = z.object({
  kind: z.literal('vo'),
  id: z.string(),
  name: z.string(),
  state: z.enum(VO_STATES),
  due: z.enum(VO_DUE),
  link,
  since: isoDateTime,
});

const waitingResourcePackageSchema = z.object({
  kind: z.literal('resourcePackage'),
  id: z.string(),
  /** The package's name. */
  name: z.string(),
  serviceName: z.string(),
  state: z.enum(RESOURCE_PACKAGE_STATES),
  due: z.enum(RESOURCE_PACKAGE_DUE),
  /** A rejected package: the reviewer's reason, which the rework answers. */
  comment: z.string().nullable(),
  link,
  since: isoDateTime,
});

export const waitingItemSchema = z
  .discriminatedUnion('kind', [
    waitingServiceSchema,
    waitingChangeRequestSchema,
    waitingReviewSchema,
    waitingVoSchema,
    waitingResourcePackageSchema,
  ])
  .meta({ id: 'DashboardWaitingItem' });
export type WaitingItem = z.infer<typeof waitingItemSchema>;

const activityEntrySchema = z
  .object({
    id: z.string(),
    at: isoDateTime,
    /** The person's name as the audit trail keeps it. */
    actor: z.string(),
    action: z.string(),
    objectType: z.string(),
    /** The object's name where the portal knows it (services); null otherwise. */
    objectName: z.string().nullable(),
    link: link.nullable(),
  })
  .meta({ id: 'DashboardActivity' });
export type DashboardActivity = z.infer<typeof activityEntrySchema>;

const centreCountSchema = z.object({
  /** null: services without a provider yet. */
  institutionId: z.string().nullable(),
  abbreviation: z.string().nullable(),
  name: z.string().nullable(),
  count: z.int(),
});

/** The contact database at a glance, for those who keep it (contact.read); the latest changed contacts first. */
const contactDatabaseSchema = z.object({
  contacts: z.int(),
  institutions: z.int(),
  /** At most DASHBOARD_LIMITS.contacts. */
  recentContacts: z.array(
    z.object({ id: z.string(), name: z.string(), organisation: z.string().nullable(), updatedAt: isoDateTime }),
  ),
});

export const dashboardSchema = z
  .object({
    /** What waits for the caller, longest waiting first, at most DASHBOARD_LIMITS.waiting; total counts all. */
    waiting: z.object({ items: z.array(waitingItemSchema), total: z.int() }),
    /** The services the caller holds a role in, last changed first. */
    myServices: serviceListResponseSchema.omit({ page: true, pageSize: true }),
    /** Over every service the caller may read: per state in the workflow's order, states without one left out. */
    stateCounts: z.array(z.object({ state: z.enum(SERVICE_STATES), count: z.int() })),
    /** Over every service the caller may read: per providing centre, most services first. */
    centreCounts: z.array(centreCountSchema),
    /** The latest audit events the caller may read, newest first. */
    activity: z.array(activityEntrySchema),
    /** null for those who may not read the contact database. */
    contactDatabase: contactDatabaseSchema.nullable(),
    /** Reviews still unanswered past their last reminder (docs/adr/0116); null for those who may not read the review list. */
    overdueReviews: z.int().nullable(),
    /**
     * Pilots with a notice or a decision due (docs/adr/0121-pilot-services.md): those the caller is
     * provider side of, all of them for the portfolio manager, who also gets the count of decisions
     * due; null when there is nothing to show.
     */
    pilots: z
      .object({
        items: z.array(
          z.object({
            id: z.string(),
            serviceId: z.string(),
            name: z.string(),
            state: z.enum(PILOT_STATES),
            endsOn: z.string(),
          }),
        ),
        decisionDue: z.int().nullable(),
      })
      .nullable(),
    /** Services whose service owner is gone (docs/adr/0123-people-who-leave.md); null for those who may not hand over. */
    goneOwners: z.int().nullable(),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboardSchema>;
