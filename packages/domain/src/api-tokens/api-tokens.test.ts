import { describe, expect, it } from 'vitest';
import { createApiTokenSchema } from './schemas.js';
import { mayHoldScope, scopesFor, TOKEN_SCOPES } from './scopes.js';

const person = (...roles: string[]) => ({ id: 'u', username: 'u', roles });

describe('token scopes', () => {
  it('gives contacts:read to contact managers (and the portal manager) only', () => {
    expect(mayHoldScope(person('serviceProvider'), 'contacts:read')).toBe(false);
    expect(mayHoldScope(person('contactManager'), 'contacts:read')).toBe(true);
    expect(mayHoldScope(person('portalManager'), 'contacts:read')).toBe(true);
    expect(scopesFor(person())).toEqual(TOKEN_SCOPES.filter((scope) => scope !== 'contacts:read'));
  });
});

describe('createApiTokenSchema', () => {
  const valid = { name: 'sync', expiresInDays: 30, scopes: ['services:read'] };

  it('takes a name, at most a year and at least one known scope', () => {
    expect(createApiTokenSchema.parse(valid)).toEqual(valid);
    expect(createApiTokenSchema.safeParse({ ...valid, expiresInDays: 366 }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...valid, expiresInDays: 0 }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...valid, scopes: [] }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...valid, scopes: ['events:write'] }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...valid, scopes: ['vos:read', 'vos:read'] }).success).toBe(false);
    expect(createApiTokenSchema.safeParse({ ...valid, name: '  ' }).success).toBe(false);
  });
});
