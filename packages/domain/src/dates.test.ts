import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.js';

describe('German date formatting (SPEC §9)', () => {
  it('formats day, month, year and 2-digit hours and minutes', () => {
    expect(formatDateTime('2026-03-05T08:07:00Z')).toBe('05.03.2026, 09:07');
    expect(formatDate(new Date('2026-12-24T12:00:00Z'))).toBe('24.12.2026');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
