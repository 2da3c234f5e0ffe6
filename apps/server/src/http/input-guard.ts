import { isSafeText, UNSAFE_TEXT_MESSAGE } from '@nubes/domain';
import type { FastifyInstance, preHandlerHookHandler, RouteOptions } from 'fastify';
import { HttpError } from './http-error.js';

/** Deep enough for every body the API takes; deeper nesting is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/** The path of the first string (or key) in `value` that breaks the safe-text rule, or null. */
const findUnsafeText = (value: unknown, path: string, depth = 0): string | null => {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return path || '_';
    const found = findUnsafeText(inner, innerPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
};

const refuse = (field: string) =>
  new HttpError('invalid_input', 'errors.invalidCharacters', { [field || '_']: UNSAFE_TEXT_MESSAGE });

/** A NUL in the raw address (`%00`): refused before anything looks at the path. */
export const unsafeAddress = (url: string): HttpError | undefined => (url.includes('%00') ? refuse('_') : undefined);

/** Text can reach a handler only through a path parameter, a query, or a body. */
const takesInput = (route: RouteOptions): boolean => {
  const methods = [route.method].flat();
  return (
    methods.some((method) => method !== 'GET' && method !== 'HEAD') ||
    /[:*]/.test(route.url) ||
    route.schema?.querystring !== undefined
  );
};

/**
 * The safe-text rule (ADR 0015) for whatever no schema covers: the domain's `text()` schemas
 * refuse NUL and lone surrogates in the fields they know; this check refuses them anywhere else:
 * after the route's schemas (whose field messages come first), every parameter, query value and
 * body string and key, so no handler ever passes such text to the database. It is added only to
 * routes that take input, so a plain GET (health, the public portfolio) runs no extra hook; the
 * not-found handler checks the raw address itself (`unsafeAddress`).
 */
export const registerInputGuard = (app: FastifyInstance) => {
  const guard: preHandlerHookHandler = (request, _reply, done) => {
    const field =
      unsafeAddress(request.url) !== undefined
        ? '_'
        : (findUnsafeText(request.params, '') ?? findUnsafeText(request.query, '') ?? findUnsafeText(request.body, ''));
    done(field === null ? undefined : refuse(field));
  };
  app.addHook('onRoute', (route) => {
    if (!takesInput(route)) return;
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), guard];
  });
};
