import { type Contact, type ContactDataExport, type ContactRelation, type ServiceContactList } from '@nubes/domain';
import type {
  ContactDetailRecord,
  ContactRelationRecord,
  loadContactEvents,
  loadServiceContacts,
} from '../queries/contacts.js';

const presentRelation = (relation: ContactRelationRecord): ContactRelation => ({
  ...relation,
  kind: relation.service ? 'service' : 'institution',
});

/** A contact with its addresses, properties, relations and the user account sharing its e-mail. */
export const presentContact = (record: ContactDetailRecord): Contact => {
  const { contact } = record;
  const primary = record.addresses.find((address) => address.isPrimary);
  return {
    id: contact.id,
    firstname: contact.firstname,
    lastname: contact.lastname,
    email: contact.email,
    emailNotPersonal: contact.emailNotPersonal,
    institutionId: contact.institutionId,
    institution: record.institution,
    otherInstitution: contact.otherInstitution,
    notes: contact.notes,
    city: primary?.city ?? '',
    propertyKinds: [...new Set(record.properties.map((property) => property.kind))].sort(),
    addresses: record.addresses.map((address) => ({
      id: address.id,
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
      country: address.country,
      primary: address.isPrimary,
    })),
    properties: record.properties.map((property) => ({ id: property.id, kind: property.kind, value: property.value })),
    relations: record.relations.map(presentRelation),
    userAccount: record.userAccount,
    version: contact.version,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
};

/** The person's copy of everything held about them: the contact and its history. */
export const presentContactData = (
  record: ContactDetailRecord,
  events: Awaited<ReturnType<typeof loadContactEvents>>,
): ContactDataExport => ({
  exportedAt: new Date().toISOString(),
  contact: presentContact(record),
  history: events.map((event) => ({
    at: event.at.toISOString(),
    actor: event.actor,
    action: event.action,
    before: event.before,
    after: event.after,
  })),
});

export const presentServiceContacts = (rows: Awaited<ReturnType<typeof loadServiceContacts>>): ServiceContactList => ({
  items: rows.map((row) => ({
    relationId: row.relationId,
    role: row.role as ServiceContactList['items'][number]['role'],
    contact: { id: row.id, firstname: row.firstname, lastname: row.lastname, email: row.email },
  })),
});
