import { describe, expect, it } from 'vitest';
import { oncePerRow } from './once-per-row.js';

describe('oncePerRow', () => {
  it('shapes a row once and hands the same shape out again; a new row object is shaped anew', () => {
    let shaped = 0;
    const present = oncePerRow((row: { at: Date }) => {
      shaped += 1;
      return { at: row.at.toISOString() };
    });
    const row = { at: new Date(Date.UTC(2026, 10, 29)) };
    const first = present(row);
    expect(present(row)).toBe(first);
    expect(shaped).toBe(1);
    const changed = { at: new Date(Date.UTC(2026, 10, 30)) };
    expect(present(changed)).toEqual({ at: '2026-11-30T00:00:00.000Z' });
    expect(shaped).toBe(2);
  });
});
