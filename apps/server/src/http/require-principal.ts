import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/principal.js';
import { unauthorized } from './http-error.js';
import './fastify-types.js';

/** The caller of a route that declared a permission (the access guard has already answered 401 otherwise). */
export const requirePrincipal = (request: FastifyRequest): AuthUser => {
  if (!request.principal) throw unauthorized();
  return request.principal;
};
