import { APPLICATION_FIELDS, FIELD_GROUPS, SERVICE_FIELDS, fieldsOfGroup, type ServiceDetail } from '@nubes/domain';
import { serviceDetail } from '../../test/serviceDetail';
import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  canLeavePage,
  changesOf,
  draftFromService,
  EMPTY_DRAFT,
  firstErrorKey,
  groupOfKey,
  informationOrder,
  informationPages,
  NAME_KEY,
  pageErrors,
  saveErrors,
  stepErrors,
  type DraftEdits,
} from './formModel';

const KEYWORD = '7d7c1a52-1f7e-4a57-9c39-7a4f0f0c2a11';
const USER = '2b1f6a7e-8c2d-4f39-9a0e-5e3c2d1b0a99';

const service = (overrides: Partial<ServiceDetail> = {}): ServiceDetail =>
  serviceDetail({
    providerInstitution: { id: 'inst-1', abbreviation: 'KIT', name: 'Karlsruhe' },
    fields: { shortDescription: 'Sync and share', website: 'https://cloud.example.org', technicalContact: USER },
    keywords: [{ id: KEYWORD, name: 'storage' }],
    ...overrides,
  });

const edits = (fields: DraftEdits['fields'], rest: Omit<DraftEdits, 'fields'> = {}): DraftEdits => ({
  fields,
  ...rest,
});

describe('the form derived from the field catalogue', () => {
  it('starts from every catalogue field, keywords as ids, empty values as null', () => {
    const draft = draftFromService(service());
    expect(Object.keys(draft.fields).sort()).toEqual(SERVICE_FIELDS.map((f) => f.key).sort());
    expect(draft.fields.keywords).toEqual([KEYWORD]);
    expect(draft.fields.shortDescription).toBe('Sync and share');
    expect(draft.fields.description).toBeNull();
    expect(draft.name).toBe('Cloud Storage');
    expect(draft.providerInstitutionId).toBe('inst-1');
  });

  it('pages the service information by field group, in FIELD_GROUPS order', () => {
    const pages = informationPages();
    expect(pages).toEqual(FIELD_GROUPS.filter((group) => fieldsOfGroup(group).length > 0));
    // Every field is on exactly one page, the name on the first.
    expect(informationOrder()).toEqual([NAME_KEY, ...pages.flatMap((g) => fieldsOfGroup(g).map((f) => f.key))]);
    expect(groupOfKey(NAME_KEY)).toBe(FIELD_GROUPS[0]);
    expect(groupOfKey('accessUrl')).toBe('how_access');
    expect(groupOfKey('nope')).toBeNull();
  });
});

describe('what a save sends', () => {
  const base = draftFromService(service());

  it('sends nothing when nothing changed, also after typing the same value again', () => {
    expect(changesOf(base, edits({}))).toBeNull();
    expect(changesOf(base, edits({ shortDescription: '  Sync and share ' }, { name: 'Cloud Storage ' }))).toBeNull();
    expect(changesOf(base, edits({ description: '' }))).toBeNull();
  });

  it('sends only the changed fields, cleared ones as null, keywords apart', () => {
    const other = '0f0e0d0c-0b0a-4909-8807-060504030201';
    expect(
      changesOf(
        base,
        edits(
          { website: '', description: ' A long text ', keywords: [KEYWORD, other], targetGroup: ['researchers'] },
          { name: 'Cloud Storage 2' },
        ),
      ),
    ).toEqual({
      name: 'Cloud Storage 2',
      fields: { website: null, description: 'A long text', targetGroup: ['researchers'] },
      keywords: [KEYWORD, other],
    });
  });

  it('sends the provider when it changed, also to none', () => {
    expect(changesOf(base, edits({}, { providerInstitutionId: null }))).toEqual({ providerInstitutionId: null });
    expect(changesOf(base, edits({}, { providerInstitutionId: 'inst-1' }))).toBeNull();
  });

  it('a new application sends what was filled in', () => {
    expect(changesOf(EMPTY_DRAFT, edits({ currentUsers: 40 }, { name: 'New' }))).toEqual({
      name: 'New',
      fields: { currentUsers: 40 },
    });
  });
});

describe('what refuses a save and what a step needs', () => {
  it('a save needs the name ("Please add a title") and no format errors, nothing else', () => {
    expect(saveErrors(APPLICATION_FIELDS, applyEdits(EMPTY_DRAFT, edits({})))).toEqual({
      [NAME_KEY]: 'service.nameRequired',
    });
    expect(saveErrors(APPLICATION_FIELDS, applyEdits(EMPTY_DRAFT, edits({}, { name: 'Only a name' })))).toEqual({});
    expect(
      saveErrors(
        SERVICE_FIELDS,
        applyEdits(EMPTY_DRAFT, edits({ website: 'not a url', currentUsers: 'x' }, { name: 'N' })),
      ),
    ).toEqual({ website: 'validation.url', currentUsers: 'validation.number' });
  });

  it('completing the application needs every application field', () => {
    const values = applyEdits(EMPTY_DRAFT, edits({}, { name: 'N' }));
    expect(Object.keys(stepErrors(values, 'application')).sort()).toEqual(
      APPLICATION_FIELDS.filter((f) => f.requiredFrom === 'application')
        .map((f) => f.key)
        .sort(),
    );
  });

  it('moves the focus to the first problem in the order of the form', () => {
    const order = informationOrder();
    expect(firstErrorKey({ remarks: 'x', accessUrl: 'y' }, order)).toBe('accessUrl');
    expect(firstErrorKey({ remarks: 'x', [NAME_KEY]: 'y' }, order)).toBe(NAME_KEY);
    expect(firstErrorKey({}, order)).toBeNull();
  });
});

describe('the page-change guard', () => {
  const base = draftFromService(service());

  it('lets a half-filled page go: missing answers are no errors', () => {
    const values = applyEdits(base, edits({ howToGetAccess: '' }));
    expect(pageErrors('how_access', values)).toEqual({});
    expect(canLeavePage('how_access', values)).toBe(true);
  });

  it('holds a page with a format error on it', () => {
    const values = applyEdits(base, edits({ accessUrl: 'cloud.example.org' }));
    expect(pageErrors('how_access', values)).toEqual({ accessUrl: 'validation.url' });
    expect(canLeavePage('how_access', values)).toBe(false);
    // The error belongs to its own page only.
    expect(canLeavePage('limitations', values)).toBe(true);
  });

  it('holds the first page while the name is empty', () => {
    const values = applyEdits(base, edits({}, { name: '  ' }));
    expect(pageErrors(FIELD_GROUPS[0], values)).toEqual({ [NAME_KEY]: 'service.nameRequired' });
    expect(canLeavePage('how_access', values)).toBe(true);
  });

  it('checks host names without scheme or port', () => {
    expect(canLeavePage('service_integration', applyEdits(base, edits({ serviceHost: 'https://x.org' })))).toBe(false);
    expect(canLeavePage('service_integration', applyEdits(base, edits({ serviceHost: 'x.org:443' })))).toBe(false);
    expect(canLeavePage('service_integration', applyEdits(base, edits({ serviceHost: 'cloud.example.org' })))).toBe(
      true,
    );
  });
});
