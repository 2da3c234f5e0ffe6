import { describe, expect, it } from 'vitest';
import { FIELD_GROUPS, FIELD_TYPES } from './field-types.js';
import { APPLICATION_FIELDS, FIELDS_BY_KEY, SERVICE_FIELDS } from './fields.js';
import { fieldValueError, formatErrors, isValidHostname, isValidUrl, validateForStep } from './validation.js';

const field = (key: string) => FIELDS_BY_KEY.get(key)!;

describe('the field catalogue', () => {
  it('has unique keys, known groups and types, both languages, options where needed', () => {
    expect(new Set(SERVICE_FIELDS.map((f) => f.key)).size).toBe(SERVICE_FIELDS.length);
    for (const f of SERVICE_FIELDS) {
      expect(FIELD_GROUPS).toContain(f.group);
      expect(FIELD_TYPES).toContain(f.type);
      expect(f.label.en && f.label.de && f.help.en && f.help.de, f.key).toBeTruthy();
      if (f.type === 'select' || f.type === 'multiSelect') expect(f.options?.length, f.key).toBeGreaterThan(1);
    }
  });

  it('fills every group and asks every application field in the application form', () => {
    for (const group of FIELD_GROUPS)
      expect(
        SERVICE_FIELDS.some((f) => f.group === group),
        group,
      ).toBe(true);
    for (const f of SERVICE_FIELDS.filter((f) => f.requiredFrom === 'application'))
      expect(APPLICATION_FIELDS).toContain(f);
  });
});

describe('field formats', () => {
  it('accepts http(s) URLs with a host and refuses others', () => {
    expect(isValidUrl('https://cloud.example.org/docs')).toBe(true);
    expect(isValidUrl('http://cloud.example.org:8443')).toBe(true);
    for (const bad of [
      'cloud.example.org',
      'ftp://example.org',
      'https://localhost',
      'https://exa mple.org',
      'javascript:alert(1)',
    ])
      expect(isValidUrl(bad), bad).toBe(false);
    expect(fieldValueError(field('accessUrl'), 'not a url')).toBe('validation.url');
  });

  it('accepts host names without scheme or port', () => {
    expect(isValidHostname('cloud.example.org')).toBe(true);
    expect(isValidHostname('jupyter-01.hpc-north.example')).toBe(true);
    for (const bad of [
      'https://cloud.example.org',
      'cloud.example.org:443',
      'cloud.example.org/path',
      '-bad.example.org',
      'a..b',
    ])
      expect(isValidHostname(bad), bad).toBe(false);
    expect(fieldValueError(field('serviceHost'), 'https://cloud.example.org')).toBe('validation.hostname');
  });

  it('checks e-mail, options, numbers, dates and yes/no', () => {
    expect(fieldValueError(field('supportEmail'), 'support@hpc-north.example')).toBeNull();
    expect(fieldValueError(field('supportEmail'), 'support at hpc')).toBe('validation.email');
    expect(fieldValueError(field('serviceCategory'), 'storage')).toBeNull();
    expect(fieldValueError(field('serviceCategory'), 'teleportation')).toBe('validation.option');
    expect(fieldValueError(field('targetGroup'), ['researchers', 'researchers'])).toBe('validation.option');
    expect(fieldValueError(field('currentUsers'), -1)).toBe('validation.number');
    expect(fieldValueError(field('currentUsers'), '12' as never)).toBe('validation.number');
    expect(fieldValueError(field('plannedStart'), '2026-02-30')).toBe('validation.date');
    expect(fieldValueError(field('plannedStart'), '2026-02-28')).toBeNull();
    expect(fieldValueError(field('requiresVo'), 'yes' as never)).toBe('validation.invalidType');
    expect(fieldValueError(field('shortDescription'), 'x'.repeat(301))).toBe('validation.tooLong');
  });

  it('reports unknown field keys', () => {
    expect(formatErrors({ shortDescription: 'ok', nonsense: 'x' })).toEqual({ nonsense: 'validation.unknownField' });
  });
});

describe('validation by step', () => {
  const application = {
    shortDescription: 'Object storage with an S3 interface',
    description: 'S3-compatible object storage for research data.',
    serviceCategory: 'storage',
    targetGroup: ['researchers'],
    motivation: 'Several centres asked for it.',
    currentUsers: 120,
  };

  it('needs every application field for the application and nothing more', () => {
    expect(validateForStep({}, 'application')).toEqual(
      Object.fromEntries(
        SERVICE_FIELDS.filter((f) => f.requiredFrom === 'application').map((f) => [f.key, 'validation.required']),
      ),
    );
    expect(validateForStep(application, 'application')).toEqual({});
  });

  it('needs more at each later step, cumulatively', () => {
    const information = validateForStep(application, 'serviceInformation');
    expect(Object.keys(information)).toEqual(
      expect.arrayContaining(['howToGetAccess', 'supportEmail', 'serviceHost', 'keywords']),
    );
    expect(information).not.toHaveProperty('accessUrl');
    expect(validateForStep(application, 'serviceCard')).toHaveProperty('accessUrl');
    expect(validateForStep(application, 'online')).toHaveProperty('termsOfUseUrl');
  });

  it('reports a badly formatted optional field even when nothing is required', () => {
    expect(validateForStep({ ...application, website: 'nope' }, 'application')).toEqual({ website: 'validation.url' });
  });
});
