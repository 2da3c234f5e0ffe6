import type { Tx } from '../db/client.js';

/** A part of the demo data that stands on the seeded services and people, by name, at the demo's "today". */
export type DemoSeed = (
  tx: Tx,
  serviceIds: ReadonlyMap<string, string>,
  userIds: ReadonlyMap<string, string>,
  now: Date,
) => Promise<void>;

/** A demo service's id by name: a name the catalogue does not hold is a mistake in the demo data. */
export const demoServiceId = (serviceIds: ReadonlyMap<string, string>, name: string, what: string): string => {
  const id = serviceIds.get(name);
  if (!id) throw new Error(`demo data: ${what} of unknown service ${name}`);
  return id;
};

/** A demo person as the actor of an event (no id when the person was not seeded). */
export const demoActor = (userIds: ReadonlyMap<string, string>, username: string) => ({
  id: userIds.get(username) ?? null,
  name: username,
});
