import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import {
  createVoSchema,
  EMPTY_VO_FORM,
  updateVoSchema,
  VO_PAGE_FIELDS,
  VO_PAGE_SCHEMAS,
  VO_PAGES,
  voFormSchema,
  voPageOf,
  voSendProblems,
  voTransitionSchema,
  type VoFormValues,
} from './schemas.js';

const ID = '00000000-0000-4000-8000-000000000001';
const APPLICANT = '00000000-0000-4000-8000-000000000002';
const DEPUTY = '00000000-0000-4000-8000-000000000003';

const complete: VoFormValues = {
  termsConfirmed: true,
  policiesAccepted: true,
  name: 'climate-lab',
  description: 'Climate models on the alliance’s clouds',
  homeInstitutionId: ID,
  deputyId: DEPUTY,
  securityContactEmail: 'security@example.org',
  expectedMembers: 25,
  serviceIds: [ID],
  aupAdditions: '',
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('VO application schemas', () => {
  it('puts every field on exactly one page, the pages’ schemas agreeing', () => {
    const fields = VO_PAGES.flatMap((page) => [...VO_PAGE_FIELDS[page]]);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields.sort()).toEqual(Object.keys(voFormSchema.shape).sort());
    for (const page of VO_PAGES) {
      expect(Object.keys(VO_PAGE_SCHEMAS[page].shape).sort(), page).toEqual([...VO_PAGE_FIELDS[page]].sort());
      for (const field of VO_PAGE_FIELDS[page]) expect(voPageOf(field)).toBe(page);
    }
    expect(voPageOf('nothing')).toBeUndefined();
  });

  it('saves with the name only', () => {
    expect(createVoSchema.parse({ name: ' climate ' })).toEqual({ name: 'climate' });
    expect(messagesOf(createVoSchema.safeParse({}))).toEqual({ name: 'vos.validation.nameRequired' });
    expect(messagesOf(createVoSchema.safeParse({ name: '' }))).toEqual({ name: 'vos.validation.nameRequired' });
    expect(messagesOf(createVoSchema.safeParse({ name: 'climate lab' }))).toEqual({
      name: 'vos.validation.nameCharacters',
    });
  });

  it('checks the other fields when present, on every page', () => {
    const result = createVoSchema.safeParse({
      name: 'ok',
      termsConfirmed: 'yes',
      securityContactEmail: 'not-an-address',
      expectedMembers: 0,
      homeInstitutionId: 'x',
      serviceIds: [ID, ID],
      aupAdditions: 'a'.repeat(10_001),
      description: 'd'.repeat(5001),
    });
    expect(messagesOf(result)).toEqual({
      termsConfirmed: 'validation.invalidType',
      securityContactEmail: 'validation.email',
      expectedMembers: 'vos.validation.expectedMembers',
      homeInstitutionId: 'validation.invalid',
      serviceIds: 'validation.invalid',
      aupAdditions: 'validation.tooLong',
      description: 'validation.tooLong',
    });
    expect(messagesOf(createVoSchema.safeParse({ name: 'ok', expectedMembers: 2.5 }))).toEqual({
      expectedMembers: 'vos.validation.expectedMembers',
    });
    expect(createVoSchema.safeParse({ name: 'ok', extra: 1 }).success).toBe(false);
  });

  it('accepts the empty form but for the name, and a complete one', () => {
    expect(messagesOf(voFormSchema.safeParse(EMPTY_VO_FORM))).toEqual({ name: 'vos.validation.nameRequired' });
    expect(voFormSchema.parse(complete)).toEqual(complete);
  });

  it('updates partially with a version', () => {
    expect(updateVoSchema.parse({ version: 3, policiesAccepted: true })).toEqual({
      version: 3,
      policiesAccepted: true,
    });
    expect(updateVoSchema.safeParse({ policiesAccepted: true }).success).toBe(false);
    expect(updateVoSchema.safeParse({ version: 3, name: '' }).success).toBe(false);
  });

  it('takes a step with its version and perhaps a comment', () => {
    expect(voTransitionSchema.parse({ action: 'backToDraft', version: 1, comment: ' fix it ' })).toEqual({
      action: 'backToDraft',
      version: 1,
      comment: 'fix it',
    });
    expect(voTransitionSchema.safeParse({ action: 'fly', version: 1 }).success).toBe(false);
  });

  describe('the send check', () => {
    it('passes a complete application', () => {
      expect(voSendProblems(complete, APPLICANT)).toEqual({});
    });

    it('returns every failing field of an empty one', () => {
      expect(voSendProblems({ ...EMPTY_VO_FORM, name: 'climate' })).toEqual({
        termsConfirmed: 'vos.validation.termsRequired',
        policiesAccepted: 'vos.validation.policiesRequired',
        description: 'vos.validation.descriptionRequired',
        homeInstitutionId: 'vos.validation.homeInstitutionRequired',
        deputyId: 'vos.validation.deputyRequired',
        securityContactEmail: 'vos.validation.securityContactRequired',
        expectedMembers: 'vos.validation.expectedMembers',
        serviceIds: 'vos.validation.servicesRequired',
      });
    });

    it('needs the AAI policies accepted', () => {
      expect(voSendProblems({ ...complete, policiesAccepted: false }, APPLICANT)).toEqual({
        policiesAccepted: 'vos.validation.policiesRequired',
      });
    });

    it('reports format errors and a deputy who is the applicant', () => {
      expect(
        voSendProblems({ ...complete, name: 'a b', securityContactEmail: 'x', deputyId: APPLICANT }, APPLICANT),
      ).toEqual({
        name: 'vos.validation.nameCharacters',
        securityContactEmail: 'validation.email',
        deputyId: 'vos.validation.deputyIsApplicant',
      });
    });
  });

  it('has every message in both languages', () => {
    const keys = Object.values(voSendProblems({}));
    for (const language of ['en', 'de'] as const)
      for (const key of keys) expect(translate(language, key), key).not.toBe(key);
    expect(translate('en', 'vos.messages.sendFailed')).toBe('Failed to send VO Application');
    expect(translate('en', 'vos.messages.cannotSave')).toBe('Cannot save VO Application');
    expect(translate('en', 'vos.messages.cannotChangePage')).toBe('Cannot change page');
  });
});
