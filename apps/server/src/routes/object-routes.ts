import { versionQuerySchema } from '@nubes/domain';
import type { z } from 'zod';
import type { AuthUser } from '../auth/principal.js';
import { changeAnswers, deleteAnswers, type ApiRequest } from '../http/api-route.js';
import type { Writes } from '../writes/pipeline.js';

/** A command on the object of a path's `:id`, as the commands are written: what it needs, who, which, what. */
type ObjectCommand<I, R = unknown> = (writes: Writes, principal: AuthUser, id: string, input: I) => Promise<R>;

/**
 * The routes that change the object of their path's `:id` by one command with the request's body,
 * then answer it as it is now: presented from what the command returns, or read again once the
 * change committed. Bound once to the object's `params`, answer and presenting; each route gives
 * its body and command.
 */
export const changesOf =
  <P extends z.ZodType<{ id: string }>, A extends z.ZodType, R>(
    writes: Writes,
    params: P,
    answer: A,
    present: (changed: R, id: string, principal: AuthUser) => Promise<z.output<A>> | z.output<A>,
  ) =>
  <B extends z.ZodType>(body: B, command: ObjectCommand<z.output<B>, R>) => ({
    params,
    body,
    ...changeAnswers(answer),
    handler: async (request: ApiRequest<P, undefined, B>, principal: AuthUser) => {
      const { id } = request.params as z.output<P>;
      return present(await command(writes, principal, id, request.body as z.output<B>), id, principal);
    },
  });

/**
 * A route that deletes (or erases) the object of its path's `:id` at the version read (`?version=`)
 * by one command: its inputs, answers and handler around the command.
 */
export const deleteAtVersion = <P extends z.ZodType<{ id: string }>>(
  writes: Writes,
  description: string,
  params: P,
  command: ObjectCommand<number>,
) => ({
  params,
  querystring: versionQuerySchema,
  ...deleteAnswers(description),
  handler: async (request: ApiRequest<P, typeof versionQuerySchema, undefined>, principal: AuthUser) => {
    await command(writes, principal, (request.params as z.output<P>).id, request.query.version);
  },
});
