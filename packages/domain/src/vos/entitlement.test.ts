import { describe, expect, it } from 'vitest';
import { DEFAULT_VO_ENTITLEMENT, voEntitlement } from './entitlement.js';

describe('VO entitlement', () => {
  it('has the AARC-G069 group form', () => {
    expect(voEntitlement('climate-lab', { namespace: 'example.org', authority: 'aai.example.org' })).toBe(
      'urn:geant:example.org:group:climate-lab#aai.example.org',
    );
  });

  it('keeps the name’s case and has defaults', () => {
    expect(voEntitlement('Climate_Lab', DEFAULT_VO_ENTITLEMENT)).toBe(
      'urn:geant:nubes.example:group:Climate_Lab#aai.nubes.example',
    );
  });
});
