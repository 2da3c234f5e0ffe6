import { CSRF_HEADER } from '@nubes/domain';
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const csrfHeader = CSRF_HEADER.toLowerCase();

export const isUnsafeMethod = (method: string): boolean => !SAFE_METHODS.has(method);

const originOf = (value: string): string | null => (URL.canParse(value) ? new URL(value).origin : null);

/**
 * Whether a write the browser could send on its own (the auth cookie rides along, or it starts a
 * session) came from the portal's own pages (docs/adr/0078-sessions-the-server-ends.md): the
 * web app's header, which a cross-site form cannot set and a cross-site script can set only after
 * a CORS preflight the portal never grants, and an Origin (else a Referer) of the portal's public
 * address or of the address the request came to. A client that sends neither Origin nor Referer
 * (a script) passes on the header alone; `Origin: null` (a sandboxed or redirected page) does not.
 */
export const createSameSiteCheck = (publicUrl: string) => {
  const publicOrigin = new URL(publicUrl).origin;
  return (request: FastifyRequest): boolean => {
    const marker = request.headers[csrfHeader];
    if (typeof marker !== 'string' || marker.length === 0) return false;
    const origin = request.headers.origin ?? request.headers.referer;
    if (origin === undefined) return true;
    const claimed = originOf(origin);
    return claimed !== null && (claimed === publicOrigin || claimed === `${request.protocol}://${request.host}`);
  };
};
