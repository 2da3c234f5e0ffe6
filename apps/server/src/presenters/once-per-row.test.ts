import { describe, expect, it } from 'vitest';
import { isSharedShape, oncePerRow, oncePerRowAndKey } from './once-per-row.js';

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

  it('marks its shapes as shared, and nothing else', () => {
    const present = oncePerRow((row: { id: string }) => ({ id: row.id }));
    const row = { id: 'a' };
    expect(isSharedShape(present(row))).toBe(true);
    expect(isSharedShape(row)).toBe(false);
    expect(isSharedShape({ id: 'a' })).toBe(false);
    expect(isSharedShape(null)).toBe(false);
    expect(isSharedShape('a')).toBe(false);
  });
});

describe('oncePerRowAndKey', () => {
  it('shapes a row once per key, shares each shape, and shapes a new row object anew', () => {
    let shaped = 0;
    const present = oncePerRowAndKey((row: { id: string }, actions: string) => {
      shaped += 1;
      return { id: row.id, actions: actions.split(' ') };
    });
    const row = { id: 'a' };
    const approver = present(row, 'approve reject');
    expect(present(row, 'approve reject')).toBe(approver);
    const withdrawer = present(row, 'withdraw');
    expect(withdrawer).toEqual({ id: 'a', actions: ['withdraw'] });
    expect(present(row, 'withdraw')).toBe(withdrawer);
    expect(shaped).toBe(2);
    expect(isSharedShape(approver) && isSharedShape(withdrawer)).toBe(true);
    expect(present({ id: 'a' }, 'withdraw')).not.toBe(withdrawer);
    expect(shaped).toBe(3);
  });
});
