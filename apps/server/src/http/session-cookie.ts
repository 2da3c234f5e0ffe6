import { AUTH_COOKIE } from '@nubes/domain';
import { serialize } from 'cookie';
import type { FastifyReply } from 'fastify';

/**
 * The session's cookie, set by the server only (docs/adr/0078-sessions-the-server-ends.md):
 * HttpOnly, so no script reads the token; SameSite=Lax, so a cross-site form does not carry it;
 * Secure behind an https public address. It lives as long as its session.
 */
export const setSessionCookie = (reply: FastifyReply, token: string, expires: Date, secure: boolean): void => {
  reply.header(
    'set-cookie',
    serialize(AUTH_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires }),
  );
};

export const clearSessionCookie = (reply: FastifyReply, secure: boolean): void =>
  setSessionCookie(reply, '', new Date(0), secure);

/** Secure cookies only where the browser reaches the portal over https. */
export const cookieIsSecure = (publicUrl: string): boolean => publicUrl.startsWith('https:');
