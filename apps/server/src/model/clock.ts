/**
 * What time it is for timed work. The scheduler and the commands it runs read it from here, never
 * from `new Date()`, so tests move it (docs/adr/0115-one-scheduler-for-timed-work.md).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
