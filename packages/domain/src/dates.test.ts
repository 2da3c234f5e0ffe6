import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.js';

describe('German date formatting', () => {
  it('formats day, month and year as plain numbers and hours and minutes with two digits', () => {
    expect(formatDateTime('2026-03-05T08:07:00Z')).toBe('5.3.2026, 09:07');
    expect(formatDateTime('2024-01-05T08:03:00Z')).toBe('5.1.2024, 09:03');
    expect(formatDateTime('2026-12-24T23:30:00Z')).toBe('25.12.2026, 00:30');
    expect(formatDate(new Date('2026-12-24T12:00:00Z'))).toBe('24.12.2026');
    expect(formatDate('2024-01-05')).toBe('5.1.2024');
  });

  it('gives an empty text for missing or invalid dates', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
