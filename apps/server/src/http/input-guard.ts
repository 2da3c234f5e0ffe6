import { isSafeText, UNSAFE_TEXT_MESSAGE } from '@nubes/domain';
import type { FastifyInstance } from 'fastify';
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

/**
 * The safe-text rule (ADR 0015) for whatever no schema covers: the domain's `text()` schemas
 * refuse NUL and lone surrogates in the fields they know; these hooks refuse them anywhere else.
 * - onRequest: a NUL in the raw address (`%00`), before routing, static files or the dev IdP see it.
 * - preHandler: after the route's schemas (whose field messages come first), every parameter,
 *   query value and body string and key, so no handler ever passes such text to the database.
 */
export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.includes('%00') ? refuse('_') : undefined);
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const field =
      findUnsafeText(request.params, '') ?? findUnsafeText(request.query, '') ?? findUnsafeText(request.body, '');
    done(field === null ? undefined : refuse(field));
  });
};
