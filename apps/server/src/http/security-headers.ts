import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { REQUEST_ID_HEADER } from './request-id.js';
import type { EntryStep } from './route-entry.js';

type HeaderSet = Record<string, string>;

/**
 * Runs helmet once, at start, and keeps the headers it would set. @fastify/helmet rebuilds the
 * whole policy on every request, which cost more than half of a small API answer's CPU time.
 */
const computeHelmetHeaders = (options: HelmetOptions): HeaderSet => {
  const headers: HeaderSet = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
};

export interface SecurityHeaderOptions {
  https: boolean;
}

/**
 * Browser features the portal never uses, off for it and anything it might embed: a page cannot be
 * made to ask for the camera, a location or a payment in the portal's name.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The documents' policy: the web app runs under it with no inline script. */
const documentHeaders = ({ https }: SecurityHeaderOptions): HeaderSet => ({
  ...computeHelmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes and one <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  }),
  'permissions-policy': PERMISSIONS_POLICY,
});

/**
 * JSON answers are never rendered as documents; OWASP's REST set suffices: nothing may load, nothing
 * may frame, no sniffing, no referrer.
 */
const apiHeaders = ({ https }: SecurityHeaderOptions): HeaderSet => ({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': PERMISSIONS_POLICY,
  ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
});

/**
 * Every route gets its header set as a step of its entry hook (./route-entry.ts), chosen once when
 * the route is added (no look at the address per request): the same object every time, so nothing is built per request, and the request id echoed
 * with it (ADR 0051). The step runs before the access guard, so refusals (401, 403) carry the headers
 * too. Answers without a route (the not-found handler) call `applyTo(request, reply)` themselves.
 */
export const securityHeadersFor = (options: SecurityHeaderOptions) => {
  const forDocuments = documentHeaders(options);
  const forApi = apiHeaders(options);
  // The API docs page is HTML with its own scripts; it gets the document set like every page.
  const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
  const stepOf = (headers: HeaderSet) => (request: FastifyRequest, reply: FastifyReply) =>
    reply.headers(headers).header(REQUEST_ID_HEADER, request.id);
  const apiStep = stepOf(forApi);
  const documentStep = stepOf(forDocuments);
  return {
    stepFor: (route: RouteOptions): EntryStep => (isApi(route.url) ? apiStep : documentStep),
    applyTo: (request: FastifyRequest, reply: FastifyReply) =>
      (isApi(request.url) ? apiStep : documentStep)(request, reply),
  };
};
