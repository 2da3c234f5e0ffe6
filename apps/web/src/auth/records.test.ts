import { storedSessionSchema } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { parseStoredSession } from './records';

/** The hand-written check must accept and refuse exactly what the domain's zod schema does. */

const session = {
  tokenExpire: 1,
  roles: ['a', 'b'],
  sessionCreated: 2,
  username: 'u',
  fullname: 'F',
  email: 'e',
};

const sessionSamples: unknown[] = [
  session,
  { ...session, roles: [] },
  { ...session, extra: 'dropped' },
  null,
  undefined,
  'string',
  42,
  [],
  [session],
  {},
  ...Object.keys(session).map((key) => {
    const copy: Record<string, unknown> = { ...session };
    delete copy[key];
    return copy;
  }),
  ...Object.keys(session).map((key) => ({ ...session, [key]: null })),
  { ...session, roles: [1] },
  { ...session, roles: 'portalManager' },
  { ...session, tokenExpire: '1' },
  { ...session, sessionCreated: Number.NaN },
  { ...session, sessionCreated: Number.POSITIVE_INFINITY },
  { ...session, email: 5 },
  // A record of the time the token was kept in web storage: the token is dropped.
  { ...session, token: 't' },
];

describe('parseStoredSession', () => {
  it.each(sessionSamples.map((sample) => [sample]))('agrees with storedSessionSchema on %j', (sample) => {
    const zod = storedSessionSchema.safeParse(sample);
    expect(parseStoredSession(sample)).toEqual(zod.success ? zod.data : null);
  });
});
