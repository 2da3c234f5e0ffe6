import { describe, expect, it } from 'vitest';
import { AfterListen } from './after-listen.js';

describe('AfterListen', () => {
  it('runs its steps in order, each in a turn of its own, so that what came meanwhile goes first', async () => {
    const happened: string[] = [];
    const afterListen = new AfterListen(() => undefined);
    // Each step is work that never waits on I/O, as the start's database reads on PGlite are.
    afterListen.add('first', async () => {
      happened.push('first');
      // A request that arrives while the first step runs.
      setImmediate(() => happened.push('request'));
      await Promise.resolve();
    });
    afterListen.add('second', () => happened.push('second'));
    const running = afterListen.run();
    happened.push('listening');
    await running;
    expect(happened).toEqual(['listening', 'first', 'request', 'second']);
  });

  it('reports a failed step by what it does and goes on with the next', async () => {
    const failures: [string, string][] = [];
    const afterListen = new AfterListen((error, what) => failures.push([what, (error as Error).message]));
    const ran: string[] = [];
    afterListen.add('reading the service list index', async () => {
      throw new Error('the database went away');
    });
    afterListen.add('reading the contact list', () => ran.push('contacts'));
    await afterListen.run();
    expect(failures).toEqual([['reading the service list index', 'the database went away']]);
    expect(ran).toEqual(['contacts']);
  });

  it('runs each step once, however often it is asked to run', async () => {
    let runs = 0;
    const afterListen = new AfterListen(() => undefined);
    afterListen.add('counting', () => (runs += 1));
    await Promise.all([afterListen.run(), afterListen.run()]);
    await afterListen.run();
    expect(runs).toBe(1);
  });
});
