import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { writesFor } from '../writes/after-commit.js';
import { decodeNotice, encodeNotice, instanceIdOf, noticesFor } from './change-notices.js';

describe('change notices', () => {
  it('asks for one portfolio notice and one per user, whatever the effects repeat', () => {
    expect(
      noticesFor([
        { kind: 'publicPortfolio.changed' },
        { kind: 'publicPortfolio.changed' },
        { kind: 'principal.changed', userId: 'u1' },
        { kind: 'principal.changed', userId: 'u1' },
        { kind: 'principal.changed', userId: 'u2' },
      ]),
    ).toEqual([{ kind: 'publicPortfolio' }, { kind: 'principal', userId: 'u1' }, { kind: 'principal', userId: 'u2' }]);
    expect(noticesFor([{ kind: 'mail.queued' }, { kind: 'publicPortfolio.changed' }])).toEqual([
      { kind: 'publicPortfolio' },
    ]);
    expect(
      noticesFor([
        { kind: 'session.changed', sessionId: 's1' },
        { kind: 'session.changed', sessionId: 's1' },
        { kind: 'session.changed', sessionId: 's2' },
      ]),
    ).toEqual([
      { kind: 'session', sessionId: 's1' },
      { kind: 'session', sessionId: 's2' },
    ]);
    // What only this process's mail worker cares about concerns no other instance's cache.
    expect(noticesFor([{ kind: 'mail.queued' }])).toEqual([]);
  });

  it('reads back what it writes, and nothing it does not know', () => {
    const from = 'b7c1f7d2-6a8e-4f51-9d43-0c2b1e6f7a90';
    const user = '0f6f5a52-31c7-4d0e-a1b6-6f0e1d2c3b4a';
    expect(decodeNotice(encodeNotice(from, { kind: 'publicPortfolio' }))).toEqual({
      from,
      notice: { kind: 'publicPortfolio' },
    });
    expect(decodeNotice(encodeNotice(from, { kind: 'principal', userId: user }))).toEqual({
      from,
      notice: { kind: 'principal', userId: user },
    });
    expect(decodeNotice(encodeNotice(from, { kind: 'session', sessionId: user }))).toEqual({
      from,
      notice: { kind: 'session', sessionId: user },
    });
    for (const payload of [
      '',
      'x',
      `${from}:principal`,
      `${from}:session`,
      `${from}:portfolio:extra`,
      `${from}:lists`,
      `${from}:a:b:c`,
    ])
      expect(decodeNotice(payload), payload).toBeNull();
  });

  it('gives each database object an id of its own, the same every time', () => {
    const [a, b] = [{} as Db, {} as Db];
    expect(instanceIdOf(a)).toBe(instanceIdOf(a));
    expect(instanceIdOf(a)).not.toBe(instanceIdOf(b));
  });

  it('lets the pipeline announce on PostgreSQL only: a PGlite process has no other instance', () => {
    const db = {} as Db;
    expect(writesFor({ db, kind: 'pglite' }).announce).toBeUndefined();
    expect(writesFor({ db, kind: 'postgres' }).announce).toBeInstanceOf(Function);
  });
});
