import { setImmediate as nextTurn } from 'node:timers/promises';

/** One piece of work for after the start; what it returns is awaited before the next step begins. */
export type AfterListenStep = () => unknown;

/**
 * What the portal prepares once it listens (the admin's check, the development IdP),
 * one step per turn of the event loop. Each step is a chain of database queries and work that never
 * waits on I/O; run back to back they held the first requests after the start (a load balancer's
 * health check, a page) until all were done, about a third of a second on a two-core host. In
 * turns, a request that comes meanwhile waits for one step at most
 * (docs/adr/0068-start-work-after-listening-in-turns.md).
 */
export class AfterListen {
  private readonly steps: { what: string; step: AfterListenStep }[] = [];

  /** `onError` hears of a failed step, by what the step does ("checking the admin"). */
  constructor(private readonly onError: (error: unknown, what: string) => void) {}

  /** Queues a step; steps run in the order they were added. */
  add(what: string, step: AfterListenStep): void {
    this.steps.push({ what, step });
  }

  /** Runs the queued steps, each in a turn of its own; a failed step is reported and the next one runs. */
  async run(): Promise<void> {
    for (const { what, step } of this.steps.splice(0)) {
      await nextTurn();
      try {
        await step();
      } catch (error) {
        this.onError(error, what);
      }
    }
  }
}
