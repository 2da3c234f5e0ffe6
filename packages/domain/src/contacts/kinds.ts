/**
 * What the contact database holds beside a person's name (docs/adr/0034-contacts.md): the kinds of
 * property a contact may carry (several of each), and the roles a contact holds on a service or at
 * an institution. The lists are the one truth: the database's CHECKs, the API's schemas and the
 * screens' choices are built from them.
 */
export const CONTACT_PROPERTY_KINDS = [
  'platform',
  'cluster',
  'workingGroup',
  'otherBoards',
  'role',
  'additionalInformation',
] as const;
export type ContactPropertyKind = (typeof CONTACT_PROPERTY_KINDS)[number];

export const SERVICE_CONTACT_ROLES = [
  'owner',
  'manager',
  'providerManager',
  'supportContact',
  'technicalContact',
  'securityContact',
  'other',
] as const;
export type ServiceContactRole = (typeof SERVICE_CONTACT_ROLES)[number];

export const INSTITUTION_CONTACT_ROLES = [
  'director',
  'boardMember',
  'contactPoint',
  'technicalContact',
  'securityContact',
  'other',
] as const;
export type InstitutionContactRole = (typeof INSTITUTION_CONTACT_ROLES)[number];

/** What a relation points at: exactly one service or one institution. */
export const CONTACT_RELATION_KINDS = ['service', 'institution'] as const;
export type ContactRelationKind = (typeof CONTACT_RELATION_KINDS)[number];

export const contactRolesOf = (kind: ContactRelationKind): readonly string[] =>
  kind === 'service' ? SERVICE_CONTACT_ROLES : INSTITUTION_CONTACT_ROLES;

/**
 * Properties can be added to a contact only after it has been saved once: a new contact has no
 * properties, an update may set them.
 */
export const mayHaveProperties = (contact: { id?: string | null | undefined }): boolean => Boolean(contact.id);
