import { SESSION_MAX_AGE_MINUTES } from '@nubes/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.js';
import { createTokenService } from './tokens.js';

// With a configured secret the service never touches the database.
const noDatabase = undefined as unknown as Db;
const user = { id: '0b3f2c3e-1111-4a4a-8888-123456789abc', fullname: 'Paula Peters', username: 'paula' };
const sessionId = '0b3f2c3e-3333-4a4a-8888-123456789abc';
const sessionOf = () => ({ id: sessionId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_MINUTES * 60_000) });

afterEach(() => vi.useRealTimers());

describe('token service', () => {
  it('verifies its own tokens, again from memory, and refuses a tampered one after the genuine', async () => {
    const tokens = await createTokenService(noDatabase, 'a secret of sufficient length for HS256');
    const token = await tokens.issue(user, sessionOf());
    const claims = await tokens.verify(token);
    expect(claims).toMatchObject({ sub: user.id, sid: sessionId, fullname: 'Paula Peters', username: 'paula' });
    expect(await tokens.verify(token)).toEqual(claims);

    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    forged.sub = '0b3f2c3e-2222-4a4a-8888-123456789abc';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();

    const other = await createTokenService(noDatabase, 'another secret of sufficient length');
    expect(await other.verify(token)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    const tokens = await createTokenService(noDatabase, 'a secret of sufficient length for HS256');
    const token = await tokens.issue(user, sessionOf());
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + (SESSION_MAX_AGE_MINUTES - 1) * 60_000));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date(Date.now() + 2 * 60_000));
    expect(await tokens.verify(token)).toBeNull();
    // Forgotten, and still refused when checked anew.
    expect(await tokens.verify(token)).toBeNull();
  });
});
