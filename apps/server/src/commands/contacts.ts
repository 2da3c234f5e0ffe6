import type {
  AddContactRelation,
  ContactAddressInput,
  ContactPropertyInput,
  CreateContact,
  UpdateContact,
} from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { auditEvents, contactAddresses, contactProperties, contactRelations, contacts } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { conflict, invalidInput, notFound } from '../http/http-error.js';
import type { ContactRecord } from '../model/contact.js';
import { countContactParts, loadContactRelations, relationTargetExists } from '../queries/contacts.js';
import { isGonePersonsAddress } from '../queries/users.js';
import { changesOf, sameJson } from '../writes/changes.js';
import { contactRows } from '../writes/row-writes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/** The values of a contact's own row, in the order the audit events list them. */
const SCALARS = [
  'firstname',
  'lastname',
  'email',
  'emailNotPersonal',
  'institutionId',
  'otherInstitution',
  'notes',
] as const;
type Scalar = (typeof SCALARS)[number];

type Address = ContactAddressInput;
type Property = ContactPropertyInput;

const scalarsOf = (source: Pick<ContactRecord, Scalar>) =>
  Object.fromEntries(SCALARS.map((name) => [name, source[name]])) as Pick<ContactRecord, Scalar>;

const refuseUnknownInstitution = async (tx: Tx, institutionId: string | null) => {
  if (institutionId && !(await relationTargetExists(tx, 'institution', institutionId)))
    throw invalidInput(undefined, { institutionId: 'contacts.unknownInstitution' });
};

const writeAddresses = async (tx: Tx, contactId: string, addresses: readonly Address[]) => {
  await tx.delete(contactAddresses).where(eq(contactAddresses.contactId, contactId));
  if (addresses.length === 0) return;
  await tx.insert(contactAddresses).values(
    addresses.map((address, position) => ({
      contactId,
      position,
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
      isPrimary: address.primary,
    })),
  );
};

const writeProperties = async (tx: Tx, contactId: string, properties: readonly Property[]) => {
  await tx.delete(contactProperties).where(eq(contactProperties.contactId, contactId));
  if (properties.length === 0) return;
  await tx
    .insert(contactProperties)
    .values(
      properties.map((property, position) => ({ contactId, position, kind: property.kind, value: property.value })),
    );
};

const readAddresses = async (tx: Tx, contactId: string): Promise<Address[]> =>
  (
    await tx
      .select()
      .from(contactAddresses)
      .where(eq(contactAddresses.contactId, contactId))
      .orderBy(contactAddresses.position)
  ).map((row) => ({
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    primary: row.isPrimary,
  }));

const readProperties = async (tx: Tx, contactId: string): Promise<Property[]> =>
  (
    await tx
      .select()
      .from(contactProperties)
      .where(eq(contactProperties.contactId, contactId))
      .orderBy(contactProperties.position)
  ).map((row) => ({ kind: row.kind, value: row.value }));

/**
 * Creates a contact with its addresses; properties come only with a later update (the schema
 * refuses them here). Answers the new contact's id.
 */
export const createContact = (writes: Writes, principal: AuthUser, input: CreateContact): Promise<string> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    await refuseUnknownInstitution(tx, input.institutionId);
    const [row] = await tx.insert(contacts).values(scalarsOf(input)).returning();
    await writeAddresses(tx, row!.id, input.addresses);
    return {
      value: row!.id,
      events: [
        {
          action: 'contact.created',
          objectType: 'contact',
          objectId: row!.id,
          after: { ...scalarsOf(row!), ...(input.addresses.length > 0 ? { addresses: input.addresses } : {}) },
        },
      ],
    };
  });

/**
 * Changes a contact: its values, addresses and properties as the form holds them. One event with
 * old → new of what changed; nothing changed writes nothing.
 */
export const updateContact = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateContact,
): Promise<void> => {
  await contactRows.change(writes, {
    id,
    principal,
    version: input.version,
    change: async (tx, row) => {
      const scalars = changesOf(scalarsOf(row), scalarsOf(input));
      const before: Record<string, unknown> = { ...scalars?.before };
      const after: Record<string, unknown> = { ...scalars?.after };
      if ('institutionId' in after) await refuseUnknownInstitution(tx, input.institutionId);
      const addresses = await readAddresses(tx, row.id);
      if (!sameJson(addresses, input.addresses)) {
        before.addresses = addresses;
        after.addresses = input.addresses;
        await writeAddresses(tx, row.id, input.addresses);
      }
      const properties = await readProperties(tx, row.id);
      if (!sameJson(properties, input.properties)) {
        before.properties = properties;
        after.properties = input.properties;
        await writeProperties(tx, row.id, input.properties);
      }
      if (Object.keys(after).length === 0) return { events: [] };
      return { set: scalars?.after ?? {}, events: [{ action: 'contact.updated', before, after }] };
    },
  });
};

/** "SVC-00001 Storage (owner), KIT (director)": what holds a contact, for the 409. */
const describeRelations = (relations: Awaited<ReturnType<typeof loadContactRelations>>) =>
  relations
    .map(({ service, institution, role }) =>
      service ? `${service.serviceId} ${service.name} (${role})` : `${institution?.abbreviation} (${role})`,
    )
    .join(', ');

/**
 * Deletes a contact nothing relates to. While relations hold it, 409 names them (on `relations`):
 * the relations are what the alliance needs to know, and they are removed on purpose, one by one.
 */
export const deleteContact = (writes: Writes, principal: AuthUser, id: string, version: number) =>
  contactRows.remove(writes, principal, id, version, async (tx, row) => {
    const relations = await loadContactRelations(tx, row.id);
    if (relations.length > 0)
      throw conflict('contacts.deleteHeld', {
        relations: { key: 'contacts.heldBy', params: { relations: describeRelations(relations) } },
      });
    return { action: 'contact.deleted', before: { ...scalarsOf(row), addresses: await readAddresses(tx, row.id) } };
  });

/**
 * Relates a contact to a service or an institution in a role there; the same role twice answers 409
 * (the unique indexes on contact, target and role decide).
 */
export const addContactRelation = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: AddContactRelation,
): Promise<void> => {
  const added = contactRows.change(writes, {
    id,
    principal,
    change: async (tx, row) => {
      if (!(await relationTargetExists(tx, input.kind, input.targetId)))
        throw invalidInput(undefined, { targetId: 'contacts.unknownTarget' });
      // A gone person's contact holds relations only until the handover moves them (ADR 0127).
      if (await isGonePersonsAddress(tx, row.email)) throw invalidInput('errors.userGone');
      const [relation] = await tx
        .insert(contactRelations)
        .values({
          contactId: row.id,
          role: input.role,
          ...(input.kind === 'service' ? { serviceId: input.targetId } : { institutionId: input.targetId }),
        })
        .returning();
      return {
        set: {},
        events: [
          {
            action: 'contact.relation.added',
            after: { relation: relation!.id, kind: input.kind, target: input.targetId, role: input.role },
          },
        ],
      };
    },
  });
  await refuseDuplicates(added, () => conflict('contacts.relationExists'));
};

/** Removes one of a contact's relations; another contact's relation answers 404. */
export const removeContactRelation = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  relationId: string,
): Promise<void> => {
  await contactRows.change(writes, {
    id,
    principal,
    change: async (tx, row) => {
      const [relation] = await tx
        .delete(contactRelations)
        .where(and(eq(contactRelations.id, relationId), eq(contactRelations.contactId, row.id)))
        .returning();
      if (!relation) throw notFound();
      const kind = relation.serviceId ? 'service' : 'institution';
      return {
        set: {},
        events: [
          {
            action: 'contact.relation.removed',
            before: {
              relation: relation.id,
              kind,
              target: relation.serviceId ?? relation.institutionId,
              role: relation.role,
            },
          },
        ],
      };
    },
  });
};

/** What an erased contact's earlier events keep: that there was something, not what. */
const ERASED = { erased: true };

/**
 * Erases a contact (docs/adr/0035-contact-data-minimisation.md): the contact and everything hanging
 * on it go, relations included; the contact's earlier audit events keep who did what when but
 * their values are overwritten; the erasure's own event counts what went and names no one.
 */
export const eraseContact = async (writes: Writes, principal: AuthUser, id: string, version: number) => {
  await contactRows.change(writes, {
    id,
    principal,
    version,
    change: async (tx, row) => {
      const parts = await countContactParts(tx, row.id);
      await tx.delete(contacts).where(eq(contacts.id, row.id));
      await tx
        .update(auditEvents)
        .set({
          before: sql`case when ${auditEvents.before} is null then null else ${JSON.stringify(ERASED)}::jsonb end`,
          after: sql`case when ${auditEvents.after} is null then null else ${JSON.stringify(ERASED)}::jsonb end`,
        })
        .where(and(eq(auditEvents.objectType, 'contact'), eq(auditEvents.objectId, row.id)));
      return {
        events: [{ action: 'contact.erased', after: { erased: true, ...parts } }],
      };
    },
  });
};
