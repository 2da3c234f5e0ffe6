import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { listPageFields } from '../schemas/list-query.js';
import { institutionRefSchema, versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';
import {
  CONTACT_PROPERTY_KINDS,
  CONTACT_RELATION_KINDS,
  INSTITUTION_CONTACT_ROLES,
  SERVICE_CONTACT_ROLES,
  contactRolesOf,
} from './kinds.js';

const id = z.uuid({ error: msg('validation.invalid') });
const isoDateTime = z.string().meta({ format: 'date-time' });

export const MAX_CONTACT_ADDRESSES = 10;
export const MAX_CONTACT_PROPERTIES = 60;

export const contactIdParamSchema = z.object({ id });
export const contactRelationParamSchema = z.object({ id, relationId: id });

const NAME_REQUIRED = msg('contacts.nameRequired');
const name = text().trim().min(1, NAME_REQUIRED).max(200, msg('validation.tooLong'));

/** Empty, or an address the mail server could take. */
const email = text()
  .trim()
  .max(320, msg('validation.tooLong'))
  .refine((value) => value === '' || z.email().safeParse(value).success, msg('validation.email'));

const addressSchema = z
  .object({
    street: text().trim().max(300, msg('validation.tooLong')),
    postalCode: text().trim().max(20, msg('validation.tooLong')),
    city: text().trim().max(200, msg('validation.tooLong')),
    country: text().trim().max(100, msg('validation.tooLong')),
    primary: z.boolean({ error: msg('validation.invalidType') }),
  })
  .strict()
  .refine((address) => [address.street, address.postalCode, address.city, address.country].some(Boolean), {
    message: msg('contacts.addressEmpty'),
    path: ['city'],
  });
export type ContactAddressInput = z.infer<typeof addressSchema>;

/** Several addresses, exactly one of them primary (none when there are none). */
const addresses = z
  .array(addressSchema)
  .max(MAX_CONTACT_ADDRESSES, msg('validation.tooLong'))
  .refine((list) => list.length === 0 || list.filter((address) => address.primary).length === 1, {
    message: msg('contacts.onePrimary'),
  });

const propertySchema = z
  .object({
    kind: z.enum(CONTACT_PROPERTY_KINDS, { error: msg('validation.option') }),
    value: text().trim().min(1, msg('validation.required')).max(1_000, msg('validation.tooLong')),
  })
  .strict();
export type ContactPropertyInput = z.infer<typeof propertySchema>;

/**
 * What a contact manager keeps of a person. Data minimisation (docs/adr/0035-contact-data-minimisation.md):
 * names, one e-mail (perhaps a function mailbox, flagged as not personal), the institution or a
 * text naming another one, postal addresses and notes; nothing else.
 */
const contactFields = {
  firstname: name,
  lastname: name,
  email,
  emailNotPersonal: z.boolean({ error: msg('validation.invalidType') }),
  institutionId: id.nullable(),
  otherInstitution: text().trim().max(300, msg('validation.tooLong')),
  notes: text().trim().max(5_000, msg('validation.tooLong')),
  addresses,
};

/**
 * A new contact. Properties can be added only after the first save (kinds.ts, mayHaveProperties):
 * a create naming any is refused on `properties`.
 */
export const createContactSchema = z
  .object({
    ...contactFields,
    properties: z.array(z.unknown()).max(0, msg('contacts.propertiesAfterSave')).optional(),
  })
  .strict()
  .meta({ id: 'CreateContact' });
export type CreateContact = z.infer<typeof createContactSchema>;

/** A contact's change: every value as the form holds it, the properties included, with the version read. */
export const updateContactSchema = z
  .object({
    version: versionSchema,
    ...contactFields,
    properties: z.array(propertySchema).max(MAX_CONTACT_PROPERTIES, msg('validation.tooLong')),
  })
  .strict()
  .meta({ id: 'UpdateContact' });
export type UpdateContact = z.infer<typeof updateContactSchema>;

/**
 * The New/Edit contact form: the update's values without the version. A new contact's form keeps
 * its properties empty and disabled (mayHaveProperties), so its values pass the create schema too.
 */
export const contactFormSchema = updateContactSchema.omit({ version: true });
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

export const CONTACT_SORTS = ['lastname', 'firstname', 'email', 'institution', 'updatedAt'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

const listFilters = {
  /** Names, e-mail, institution, notes and properties; every word by prefix, umlauts folded. */
  q: text().trim().max(200, msg('validation.tooLong')).optional(),
  institution: id.optional(),
  /** Contacts holding at least one property of this kind. */
  propertyKind: z.enum(CONTACT_PROPERTY_KINDS, { error: msg('validation.option') }).optional(),
};

export const contactQuerySchema = z
  .object({ ...listFilters, ...listPageFields(CONTACT_SORTS, { sort: 'lastname', order: 'asc' }) })
  .strict();
export type ContactQuery = z.infer<typeof contactQuerySchema>;

/** The list's view as a file: the same filters and order, every matching row. */
export const contactExportQuerySchema = z
  .object({
    ...listFilters,
    ...listPageFields(CONTACT_SORTS, { sort: 'lastname', order: 'asc' }),
  })
  .omit({ page: true, pageSize: true })
  .strict();
export type ContactExportQuery = z.infer<typeof contactExportQuerySchema>;

const contactRowSchema = z
  .object({
    id: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    emailNotPersonal: z.boolean(),
    institution: institutionRefSchema.nullable(),
    otherInstitution: z.string(),
    /** The primary address's city, for the list. */
    city: z.string(),
    propertyKinds: z.array(z.enum(CONTACT_PROPERTY_KINDS)),
    updatedAt: isoDateTime,
  })
  .meta({ id: 'ContactRow' });
export type ContactRow = z.infer<typeof contactRowSchema>;

export const contactListSchema = z
  .object({
    items: z.array(contactRowSchema),
    /**
     * Every match, or with totalExact false a lower bound: a search counts a few thousand past the
     * page; or, with totalEstimated, the database's estimate for a search it expects to match more.
     */
    total: z.int(),
    totalExact: z.boolean(),
    totalEstimated: z.boolean().optional(),
    page: z.int(),
    pageSize: z.int(),
  })
  .meta({ id: 'ContactList' });
export type ContactList = z.infer<typeof contactListSchema>;

const relationRole = z.string().max(50, msg('validation.tooLong'));

/** A relation to a service or an institution, in a role there; the roles depend on the kind. */
export const addContactRelationSchema = z
  .object({
    kind: z.enum(CONTACT_RELATION_KINDS, { error: msg('validation.option') }),
    targetId: id,
    role: relationRole,
  })
  .strict()
  .refine((relation) => contactRolesOf(relation.kind).includes(relation.role), {
    message: msg('validation.option'),
    path: ['role'],
  })
  .meta({ id: 'AddContactRelation' });
export type AddContactRelation = z.infer<typeof addContactRelationSchema>;

const serviceRefSchema = z.object({ id: z.string(), serviceId: z.string(), name: z.string() });

export const contactRelationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(CONTACT_RELATION_KINDS),
    role: z.enum([...new Set([...SERVICE_CONTACT_ROLES, ...INSTITUTION_CONTACT_ROLES])] as [string, ...string[]]),
    service: serviceRefSchema.nullable(),
    institution: institutionRefSchema.nullable(),
  })
  .meta({ id: 'ContactRelation' });
export type ContactRelation = z.infer<typeof contactRelationSchema>;

export const contactSchema = contactRowSchema
  .extend({
    notes: z.string(),
    institutionId: z.string().nullable(),
    addresses: z.array(
      z.object({
        id: z.string(),
        street: z.string(),
        postalCode: z.string(),
        city: z.string(),
        country: z.string(),
        primary: z.boolean(),
      }),
    ),
    properties: z.array(z.object({ id: z.string(), kind: z.enum(CONTACT_PROPERTY_KINDS), value: z.string() })),
    relations: z.array(contactRelationSchema),
    /** The user account with the same e-mail address (regardless of case), if one exists. */
    userAccount: z.object({ id: z.string(), username: z.string(), fullname: z.string() }).nullable(),
    version: z.int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contactSchema>;

/** Everything the portal holds about one person (data minimisation: the person's copy). */
export const contactDataExportSchema = z
  .object({
    exportedAt: isoDateTime,
    contact: contactSchema,
    /** The contact's audit events: who changed what when. */
    history: z.array(
      z.object({ at: isoDateTime, actor: z.string(), action: z.string(), before: z.unknown(), after: z.unknown() }),
    ),
  })
  .meta({ id: 'ContactDataExport' });
export type ContactDataExport = z.infer<typeof contactDataExportSchema>;

/** A service's contacts, for its responsibilities tab. */
export const serviceContactListSchema = z
  .object({
    items: z.array(
      z.object({
        relationId: z.string(),
        role: z.enum(SERVICE_CONTACT_ROLES),
        contact: z.object({ id: z.string(), firstname: z.string(), lastname: z.string(), email: z.string() }),
      }),
    ),
  })
  .meta({ id: 'ServiceContactList' });
export type ServiceContactList = z.infer<typeof serviceContactListSchema>;

/** The contact linked to a user account by the e-mail address, for the account's details. */
export const linkedContactSchema = z
  .object({ id: z.string(), firstname: z.string(), lastname: z.string() })
  .meta({ id: 'LinkedContact' });
export type LinkedContact = z.infer<typeof linkedContactSchema>;

/** The services a relation can point at, found by name or service ID (at most 50). */
export const contactServiceTargetQuerySchema = z
  .object({ q: text().trim().max(200, msg('validation.tooLong')).optional() })
  .strict();

export const contactServiceTargetListSchema = z
  .object({ items: z.array(serviceRefSchema) })
  .meta({ id: 'ContactServiceTargetList' });
export type ContactServiceTargetList = z.infer<typeof contactServiceTargetListSchema>;
