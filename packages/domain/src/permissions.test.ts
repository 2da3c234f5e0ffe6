import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from './permissions.js';
import { hasAnyRole, ROLES } from './roles.js';

const principal = (roles: string[]) => ({ id: 'u', username: 'u', roles });

describe('permissions', () => {
  it('lets public routes through for everyone', () => {
    expect(can(null, 'public')).toBe(true);
  });

  it('needs a session for authenticated permissions', () => {
    expect(can(null, 'session.renew')).toBe(false);
    expect(can(principal([]), 'session.renew')).toBe(true);
  });

  it('checks role lists, and the portal manager passes every one', () => {
    expect(can(principal(['serviceProvider']), 'user.readAny')).toBe(false);
    expect(can(principal(['contactManager']), 'user.readAny')).toBe(true);
    expect(can(principal(['cloudServiceDesk']), 'user.readAny')).toBe(true);
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[]) {
      expect(can(principal(['portalManager']), permission)).toBe(true);
    }
  });

  it('only names known roles', () => {
    for (const { audience } of Object.values(PERMISSIONS)) {
      if (Array.isArray(audience)) for (const role of audience) expect(ROLES).toContain(role);
    }
    expect(hasAnyRole(['voManager'], [])).toBe(false);
    expect(hasAnyRole(['portalManager'], [])).toBe(true);
  });
});
