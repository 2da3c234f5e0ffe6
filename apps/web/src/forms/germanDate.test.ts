import { describe, expect, it } from 'vitest';
import { formatGermanDate, parseGermanDate } from './germanDate';

describe('German dates in forms', () => {
  it('reads day, month and year with or without leading zeros', () => {
    expect(parseGermanDate('5.1.2024')).toBe('2024-01-05');
    expect(parseGermanDate(' 05.01.2024 ')).toBe('2024-01-05');
    expect(parseGermanDate('31.12.2026')).toBe('2026-12-31');
  });

  it('refuses what is not a real date', () => {
    expect(parseGermanDate('31.2.2024')).toBeNull();
    expect(parseGermanDate('2024-01-05')).toBeNull();
    expect(parseGermanDate('5.1.24')).toBeNull();
    expect(parseGermanDate('')).toBeNull();
  });

  it('shows numeric day and month', () => {
    expect(formatGermanDate('2024-01-05')).toBe('5.1.2024');
    expect(formatGermanDate('not a date')).toBe('not a date');
  });
});
