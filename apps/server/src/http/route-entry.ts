import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';

/** Work a route does on every request before anything else, without waiting (noting the arrival, setting headers). */
export type EntryStep = (request: FastifyRequest, reply: FastifyReply) => void;

export interface RouteEntryParts {
  /** Per route, in this order: each chooses the route's step once, when the route is added (undefined: none). */
  steps: ((route: RouteOptions) => EntryStep | undefined)[];
  /** Per route, last: the hook that may refuse the request or wait (the access guard). */
  gate: (route: RouteOptions) => onRequestHookHandler;
}

/**
 * Gives every route added after this call one onRequest hook, in front of the route's own, that
 * runs the steps and then the gate. One hook rather than one per concern: each hook is another
 * turn of Fastify's hook runner for every request.
 * Scope hooks (`addHook('onRequest')` in a plugin) still run before it.
 */
export const registerRouteEntry = (app: FastifyInstance, parts: RouteEntryParts) => {
  app.addHook('onRoute', (route) => {
    const steps = parts.steps.map((stepFor) => stepFor(route)).filter((step) => step !== undefined);
    const gate = parts.gate(route);
    const entry: onRequestHookHandler = function routeEntry(request, reply, done) {
      for (const step of steps) step(request, reply);
      return gate.call(this, request, reply, done);
    };
    route.onRequest = [entry, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
};
