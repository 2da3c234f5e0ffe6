import { MAX_LOGO_BYTES } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { identifyLogo } from '../storage/logo-upload.js';
import { demoLogoPng } from './demo-logos.js';
import { DEMO_INSTITUTIONS } from './institutions.js';

describe('the demo institutions’ logos', () => {
  it('are PNGs the logo upload would take, one for every demo institution, each its own', () => {
    const logos = DEMO_INSTITUTIONS.map((institution) => demoLogoPng(institution.abbreviation));
    for (const logo of logos) {
      expect(logo).not.toBeNull();
      expect(identifyLogo(logo!).contentType).toBe('image/png');
      expect(logo!.length).toBeLessThan(MAX_LOGO_BYTES);
      // 96 × 96 pixels, as the header says.
      expect([logo!.readUInt32BE(16), logo!.readUInt32BE(20)]).toEqual([96, 96]);
    }
    expect(new Set(logos.map((logo) => logo!.toString('base64'))).size).toBe(logos.length);
  });

  it('is none for an institution without demo colours', () => {
    expect(demoLogoPng('OTHER')).toBeNull();
  });
});
