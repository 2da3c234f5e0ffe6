import { describe, expect, it } from 'vitest';
import { startWorkerLoop } from './worker-loop.js';

/** Lets the promises that can settle now settle. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A round that waits until the test lets it finish, counting how often it began. */
const heldRounds = () => {
  const releases: (() => void)[] = [];
  let begun = 0;
  const round = () => {
    begun++;
    return new Promise<number>((resolve) => releases.push(() => resolve(begun)));
  };
  const releaseNext = async () => {
    await settle();
    releases.shift()?.();
    await settle();
  };
  return { round, releaseNext, begun: () => begun };
};

const noWakeUps = () => () => undefined;

describe('the worker loop', () => {
  it('runs one round at a time; calls while one runs ask for one more after it', async () => {
    const rounds = heldRounds();
    const loop = startWorkerLoop({ round: rounds.round, pollMs: 3_600_000, onQueued: noWakeUps, onError: () => {} });
    expect(rounds.begun()).toBe(1);
    const first = loop.runOnce();
    void loop.runOnce();
    expect(rounds.begun()).toBe(1);
    await rounds.releaseNext();
    expect(await first).toBe(1);
    expect(rounds.begun()).toBe(2);
    await rounds.releaseNext();
    expect(rounds.begun()).toBe(2);
    await loop.stop();
  });

  it('runs a round on a wake-up, and none after stop', async () => {
    const rounds = heldRounds();
    let wake = () => {};
    let subscribed = false;
    const loop = startWorkerLoop({
      round: rounds.round,
      pollMs: 3_600_000,
      onQueued: (listener) => {
        wake = listener;
        subscribed = true;
        return () => (subscribed = false);
      },
      onError: () => {},
    });
    await rounds.releaseNext();
    wake();
    expect(rounds.begun()).toBe(2);
    wake();
    const stopping = loop.stop();
    expect(subscribed).toBe(false);
    await rounds.releaseNext();
    await stopping;
    expect(rounds.begun()).toBe(2);
  });

  it('reports a failed round and goes on', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const loop = startWorkerLoop({
      round: async (stopped) => {
        calls++;
        if (calls === 1) throw new Error('the database is gone');
        return stopped() ? 0 : 3;
      },
      pollMs: 3_600_000,
      onQueued: noWakeUps,
      onError: (error) => errors.push(error),
    });
    await settle();
    expect(errors).toEqual([new Error('the database is gone')]);
    expect(await loop.runOnce()).toBe(3);
    await loop.stop();
  });
});
