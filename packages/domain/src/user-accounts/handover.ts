import { z } from 'zod';
import { msg } from '../i18n/core.js';

/**
 * The handover of a gone person (docs/adr/0123-people-who-leave.md): what they hold, by kind, and
 * the group of kinds one receiver takes.
 */
export const HANDOVER_KINDS = [
  'serviceOwner',
  'objectOwner',
  'serviceManager',
  'providerManager',
  'serviceAdmin',
  'changeRequest',
  'resourcePackage',
  'voApplicant',
  'voDeputy',
  'contactRelation',
] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

export const HANDOVER_GROUPS = ['services', 'changeRequests', 'resourcePackages', 'vos', 'contacts'] as const;
export type HandoverGroup = (typeof HANDOVER_GROUPS)[number];

export const HANDOVER_GROUP_OF: Record<HandoverKind, HandoverGroup> = {
  serviceOwner: 'services',
  objectOwner: 'services',
  serviceManager: 'services',
  providerManager: 'services',
  serviceAdmin: 'services',
  changeRequest: 'changeRequests',
  resourcePackage: 'resourcePackages',
  voApplicant: 'vos',
  voDeputy: 'vos',
  contactRelation: 'contacts',
};

/** An item's key: its kind and the id of the row that holds the person (a service, a request …). */
export const handoverKey = (kind: HandoverKind, id: string) => `${kind}:${id}`;

const KEY_PATTERN = new RegExp(`^(${HANDOVER_KINDS.join('|')}):[0-9a-f-]{36}$`);

export const parseHandoverKey = (key: string): { kind: HandoverKind; id: string } => {
  const at = key.indexOf(':');
  return { kind: key.slice(0, at) as HandoverKind, id: key.slice(at + 1) };
};

export const handoverItemSchema = z
  .object({
    key: z.string(),
    kind: z.enum(HANDOVER_KINDS),
    group: z.enum(HANDOVER_GROUPS),
    /** What the item is: the service's, package's or VO's name; for a contact relation its target. */
    name: z.string(),
    /** The service the item belongs to (SVC-…), if any. */
    serviceId: z.string().nullable(),
    /** The item's state, in the words of its own kind (a service's, a request's …); null for none. */
    state: z.string().nullable(),
    /** The item's screen in the portal. */
    link: z.string().nullable(),
  })
  .meta({ id: 'HandoverItem' });
export type HandoverItem = z.infer<typeof handoverItemSchema>;

export const handoverSchema = z
  .object({
    user: z.object({
      id: z.string(),
      fullname: z.string(),
      username: z.string(),
      goneAt: z.string().meta({ format: 'date-time' }).nullable(),
    }),
    items: z.array(handoverItemSchema),
  })
  .meta({ id: 'Handover' });
export type Handover = z.infer<typeof handoverSchema>;

export const gonePeopleSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        fullname: z.string(),
        username: z.string(),
        goneAt: z.string().meta({ format: 'date-time' }),
        /** Services whose service owner the person still is. */
        ownedServices: z.int(),
      }),
    ),
  })
  .meta({ id: 'GonePeople' });
export type GonePeople = z.infer<typeof gonePeopleSchema>;

const userId = z.uuid({ error: msg('handover.unknownReceiver') });

export const handOverSchema = z
  .object({
    items: z
      .array(z.string().regex(KEY_PATTERN, msg('validation.invalid')))
      .min(1, msg('handover.nothingPicked'))
      .max(2000, msg('validation.tooLong')),
    /** One receiving person per group of the picked items. */
    receivers: z
      .object(Object.fromEntries(HANDOVER_GROUPS.map((group) => [group, userId.optional()])))
      .strict() as z.ZodObject<Record<HandoverGroup, z.ZodOptional<typeof userId>>>,
  })
  .strict()
  .meta({ id: 'HandOver' });
export type HandOverRequest = z.infer<typeof handOverSchema>;

export const handedOverSchema = z.object({ handedOver: z.int() }).meta({ id: 'HandedOver' });
