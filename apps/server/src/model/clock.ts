/**
 * What time it is for timed work. The scheduler and the commands it runs read it from here, never
 * from `new Date()`, so tests move it (docs/adr/0115-one-scheduler-for-timed-work.md).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that development moves forward and back (docs/adr/0124-announced-downtimes.md); never built in production. */
export interface MovableClock {
  clock: Clock;
  offsetMs(): number;
  /** From now on the clock reads `at`, and goes on from there. */
  moveTo(at: Date): void;
  /** Back to the real time. */
  reset(): void;
}

export const movableClock = (base: Clock): MovableClock => {
  let offset = 0;
  return {
    clock: () => new Date(base().getTime() + offset),
    offsetMs: () => offset,
    moveTo: (at) => {
      offset = at.getTime() - base().getTime();
    },
    reset: () => {
      offset = 0;
    },
  };
};
