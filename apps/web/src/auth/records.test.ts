import { storedSessionSchema, tokenPayloadSchema } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { parseStoredSession, parseTokenPayload } from './records';

/** The hand-written checks must accept and refuse exactly what the domain's zod schemas do. */

const session = {
  token: 't',
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
];

const payloadSamples: unknown[] = [
  { sub: 's', exp: 1 },
  { sub: 's', exp: 1, fullname: 'F' },
  { sub: 's', exp: 1, username: 'u', fullname: 'F', iat: 0 },
  { sub: 's' },
  { exp: 1 },
  { sub: 1, exp: 1 },
  { sub: 's', exp: '1' },
  { sub: 's', exp: 1, fullname: 3 },
  { sub: 's', exp: 1, username: null },
  { sub: 's', exp: Number.NaN },
  null,
  [],
  'x',
];

describe('parseStoredSession', () => {
  it.each(sessionSamples.map((sample) => [sample]))('agrees with storedSessionSchema on %j', (sample) => {
    const zod = storedSessionSchema.safeParse(sample);
    expect(parseStoredSession(sample)).toEqual(zod.success ? zod.data : null);
  });
});

describe('parseTokenPayload', () => {
  it.each(payloadSamples.map((sample) => [sample]))('agrees with tokenPayloadSchema on %j', (sample) => {
    const zod = tokenPayloadSchema.safeParse(sample);
    expect(parseTokenPayload(sample)).toEqual(zod.success ? zod.data : null);
  });
});
