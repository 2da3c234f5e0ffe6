import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../db/client.js';
import { getOrCreateSecret } from '../db/secrets.js';

interface TokenClaims {
  sub: string;
  /** The session the server keeps (docs/adr/0078-sessions-the-server-ends.md). */
  sid: string;
  fullname: string;
  username: string;
  exp: number;
}

export interface TokenService {
  /** A token of the session, expiring with it: the session's start or renewal made the expiry. */
  issue(
    user: { id: string; fullname: string; username: string },
    session: { id: string; expiresAt: Date },
  ): Promise<string>;
  /**
   * Returns the claims of a valid token, or null for a tampered, expired or unsigned one, and for
   * one without a session (issued before sessions were kept). Whether its session still lives is
   * the access guard's question.
   */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'nubes';
/** Tokens remembered as verified; the oldest goes first. */
const VERIFIED_MAX = 1000;

export const createTokenService = async (db: Db, configuredSecret: string | undefined): Promise<TokenService> => {
  const secret =
    configuredSecret ?? (await getOrCreateSecret(db, 'jwt-hs256-key', () => randomBytes(64).toString('base64url')));
  // Imported once: given the raw bytes, jose imports the key anew for every token it checks.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, TokenClaims>();
  return {
    issue: (user, session) =>
      new SignJWT({ fullname: user.fullname, username: user.username, sid: session.id })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
        .sign(key),
    verify: async (token) => {
      // A token that verified stays valid until it expires: the key does not change while the
      // process runs. Checked tokens are remembered (bounded), as every request of a session
      // brings the same one, and the HMAC check is most of the access guard's work.
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        return null;
      }
      try {
        // Pinning the algorithm refuses `alg: none` and any other algorithm a forger might pick.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.sid !== 'string')
          return null;
        const claims: TokenClaims = {
          sub: payload.sub,
          sid: payload.sid,
          exp: payload.exp,
          fullname: typeof payload.fullname === 'string' ? payload.fullname : '',
          username: typeof payload.username === 'string' ? payload.username : '',
        };
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
};
