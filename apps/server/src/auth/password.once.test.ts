import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, hasParameters, scryptParameters, verifyPassword } from './password.js';

describe('password hashes', () => {
  it("use OWASP's minimum by default and record their parameters", async () => {
    expect(scryptParameters()).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(hasParameters(stored, scryptParameters())).toBe(true);
    expect(hasParameters(stored, scryptParameters(18))).toBe(false);
  });

  it('verify with the parameters they were made with, whatever the cost is now', async () => {
    const cheap = await hashPassword('tr0ub4dor&3', scryptParameters(10));
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('tr0ub4dor&3', cheap)).toBe(true);
    expect(await verifyPassword('tr0ub4dor&4', cheap)).toBe(false);
  });

  it('compare the Unicode form a person typed, not its bytes', async () => {
    const stored = await hashPassword('Passw\u00f6rter-lang', scryptParameters(10));
    expect(await verifyPassword('Passwo\u0308rter-lang', stored)).toBe(true);
  });

  it('refuse what is no scrypt hash', async () => {
    for (const stored of ['', 'plain', 'bcrypt$10$x$y$z$w', 'scrypt$1024$8$1$salt'])
      expect(await verifyPassword('anything', stored), stored).toBe(false);
  });

  it('burn a check for an unknown account without an answer', async () => {
    await expect(burnPasswordCheck('anything', scryptParameters(10))).resolves.toBeUndefined();
  });
});
