import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/index.js';
import { voNameFormatProblem, voNameProblem, voNameTakenProblem, type ReservedVoNamePrefix } from './name-rules.js';

const reserved: ReservedVoNamePrefix[] = [
  { prefix: 'nubes', kind: 'configured' },
  { prefix: 'HPCN', kind: 'centre', centre: 'High Performance Computing North' },
];

describe('VO name rules', () => {
  it('accepts letters, digits, hyphens and underscores', () => {
    for (const name of ['climate', 'Climate-2026', 'a_b-c', 'X', '0day'])
      expect(voNameProblem(name, reserved), name).toBeNull();
  });

  it('requires a name, with the application’s own message', () => {
    expect(voNameProblem('', reserved)).toMatchObject({ rule: 'required', key: 'vos.validation.nameRequired' });
    expect(voNameProblem('   ', reserved)?.rule).toBe('required');
    expect(translate('en', 'vos.validation.nameRequired')).toBe(
      'This field cannot be empty. Please enter a name for your VO',
    );
  });

  it('refuses spaces, dots, umlauts and other characters', () => {
    for (const name of ['climate lab', 'climate.lab', 'Klimaärger', 'a/b', 'a#b', 'a:b', 'a@b'])
      expect(voNameProblem(name, reserved), name).toMatchObject({ rule: 'characters' });
  });

  it('refuses a name longer than 64 characters, naming the limit', () => {
    expect(voNameFormatProblem('a'.repeat(64))).toBeNull();
    const problem = voNameFormatProblem('a'.repeat(65));
    expect(problem).toMatchObject({ rule: 'tooLong', params: { max: 64 } });
    expect(translate('en', problem!.key, problem!.params)).toContain('64');
  });

  it('refuses a configured prefix in any case, naming the prefix', () => {
    for (const name of ['nubes-ops', 'NUBES_ops', 'NuBeSlab']) {
      const problem = voNameProblem(name, reserved);
      expect(problem, name).toMatchObject({ rule: 'configuredPrefix', params: { prefix: 'nubes' } });
      expect(translate('en', problem!.key, problem!.params)).toContain('“nubes”');
      expect(translate('en', problem!.key, problem!.params)).toContain('reserved');
    }
  });

  it('refuses a centre’s abbreviation in any case, naming the prefix and the centre', () => {
    for (const name of ['hpcn-climate', 'HPCN_climate', 'Hpcnx']) {
      const problem = voNameProblem(name, reserved);
      expect(problem, name).toMatchObject({ rule: 'centrePrefix', params: { prefix: 'HPCN' } });
      const text = translate('de', problem!.key, problem!.params);
      expect(text).toContain('„HPCN“');
      expect(text).toContain('High Performance Computing North');
    }
  });

  it('lets a name through that holds a prefix later on, or when nothing is reserved', () => {
    expect(voNameProblem('climate-nubes', reserved)).toBeNull();
    expect(voNameProblem('nubes-ops', [])).toBeNull();
  });

  it('checks the characters before the prefixes', () => {
    expect(voNameProblem('nubes ops', reserved)?.rule).toBe('characters');
  });

  it('has a message for a taken name', () => {
    expect(translate('en', voNameTakenProblem().key)).toContain('regardless of case');
  });
});
