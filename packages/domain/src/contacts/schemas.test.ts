import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import {
  addContactRelationSchema,
  contactExportQuerySchema,
  contactQuerySchema,
  createContactSchema,
  updateContactSchema,
} from './schemas.js';
import { mayHaveProperties } from './kinds.js';

const contact = (over: Record<string, unknown> = {}) => ({
  firstname: 'Jürgen',
  lastname: 'Müller',
  email: 'j.mueller@example.org',
  emailNotPersonal: false,
  institutionId: null,
  otherInstitution: '',
  notes: '',
  addresses: [],
  ...over,
});
const address = (over: Record<string, unknown> = {}) => ({
  street: 'Hauptstraße 1',
  postalCode: '37073',
  city: 'Göttingen',
  country: 'Germany',
  primary: true,
  ...over,
});

/** The English message of the first issue on a path. */
const messageOn = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  path: string,
) => {
  const issue = result.error?.issues.find((i) => i.path.join('.') === path);
  return issue ? translate('en', issue.message as never) : undefined;
};

describe('contact schemas', () => {
  it('asks for firstname and lastname with the one message', () => {
    const result = createContactSchema.safeParse(contact({ lastname: '  ' }));
    expect(messageOn(result, 'lastname')).toBe('Please fill out Firstname and Lastname');
    expect(messageOn(createContactSchema.safeParse(contact({ firstname: '' })), 'firstname')).toBe(
      'Please fill out Firstname and Lastname',
    );
  });

  it('takes an empty e-mail and refuses a bad one', () => {
    expect(createContactSchema.safeParse(contact({ email: '' })).success).toBe(true);
    expect(messageOn(createContactSchema.safeParse(contact({ email: 'not-an-address' })), 'email')).toBe(
      'Please enter a valid email address',
    );
  });

  it('wants exactly one primary address among several', () => {
    expect(
      createContactSchema.safeParse(contact({ addresses: [address(), address({ primary: false })] })).success,
    ).toBe(true);
    const none = createContactSchema.safeParse(contact({ addresses: [address({ primary: false })] }));
    expect(messageOn(none, 'addresses')).toBe('Please mark exactly one address as the primary address');
    const two = createContactSchema.safeParse(contact({ addresses: [address(), address()] }));
    expect(two.success).toBe(false);
  });

  it('refuses properties before the first save and takes them on an update', () => {
    const result = createContactSchema.safeParse(contact({ properties: [{ kind: 'platform', value: 'HPC' }] }));
    expect(messageOn(result, 'properties')).toBe('Properties can be added only after the contact has been saved once');
    expect(createContactSchema.safeParse(contact({ properties: [] })).success).toBe(true);
    const update = updateContactSchema.safeParse({
      ...contact(),
      version: 1,
      properties: [
        { kind: 'platform', value: 'HPC' },
        { kind: 'platform', value: 'Cloud' },
      ],
    });
    expect(update.success).toBe(true);
    expect(mayHaveProperties({ id: null })).toBe(false);
    expect(mayHaveProperties({ id: 'x' })).toBe(true);
  });

  it('checks a relation role against its kind', () => {
    const targetId = '00000000-0000-4000-8000-000000000000';
    expect(addContactRelationSchema.safeParse({ kind: 'service', targetId, role: 'owner' }).success).toBe(true);
    expect(addContactRelationSchema.safeParse({ kind: 'institution', targetId, role: 'director' }).success).toBe(true);
    expect(addContactRelationSchema.safeParse({ kind: 'institution', targetId, role: 'owner' }).success).toBe(false);
  });

  it('reads the list and export queries with their defaults', () => {
    expect(contactQuerySchema.parse({})).toMatchObject({ sort: 'lastname', order: 'asc', page: 1 });
    expect(contactQuerySchema.safeParse({ propertyKind: 'colour' }).success).toBe(false);
    expect(contactExportQuerySchema.parse({ q: 'mül' })).toMatchObject({ sort: 'lastname', q: 'mül' });
  });
});
