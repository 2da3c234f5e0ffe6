import { describe, expect, it } from 'vitest';
import { sessionPhase } from './session.js';

const minutes = (n: number) => n * 60_000;

describe('sessionPhase', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0);
  it.each([
    [0, 'valid'],
    [179.9, 'valid'],
    [180, 'renew'],
    [200, 'renew'],
    [239.9, 'renew'],
    [240, 'expired'],
    [250, 'expired'],
  ] as const)('a session aged %s minutes is %s', (age, phase) => {
    expect(sessionPhase(now - minutes(age), now)).toBe(phase);
  });

  it('treats a missing or corrupt timestamp as expired', () => {
    expect(sessionPhase(Number.NaN, now)).toBe('expired');
  });
});
