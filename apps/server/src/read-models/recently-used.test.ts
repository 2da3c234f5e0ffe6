import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used.js';

describe('RecentlyUsed', () => {
  it('forgets the least recently used entry first, counting a read as a use', () => {
    const kept = new RecentlyUsed<string, number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1);
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
    expect(kept.get('c')).toBe(3);
    expect(kept.size).toBe(2);
  });

  it('makes a missing value once and keeps it; setting a kept key replaces it without growing', () => {
    const kept = new RecentlyUsed<string, number>(3);
    let made = 0;
    const make = () => ++made;
    expect(kept.getOrMake('a', make)).toBe(1);
    expect(kept.getOrMake('a', make)).toBe(1);
    expect(made).toBe(1);
    kept.set('a', 7);
    expect(kept.get('a')).toBe(7);
    expect(kept.size).toBe(1);
  });
});
