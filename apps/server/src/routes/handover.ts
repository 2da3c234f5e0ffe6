import {
  gonePeopleSchema,
  handedOverSchema,
  handOverSchema,
  handoverSchema,
  userAccountIdParamSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { handOver } from '../commands/hand-over.js';
import { apiRoutes, objectAnswers } from '../http/api-route.js';
import { notFound } from '../http/http-error.js';
import { tagRoutes } from '../http/openapi.js';
import { presentHandoverItem } from '../presenters/handover.js';
import { findHandoverPerson, listGonePeople, listHandoverItems } from '../queries/handover.js';

/** The handover of what gone people hold (docs/adr/0123-people-who-leave.md): the portfolio manager's. */
export const handoverRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('users'));
  const { db } = context.database;

  api.get('/handover', {
    access: 'user.handover',
    summary: 'The people who are gone, newest first, with how many services each still owns',
    answer: gonePeopleSchema,
    errors: [401, 403],
    handler: async () => ({
      items: (await listGonePeople(db)).map((row) => ({ ...row, goneAt: row.goneAt!.toISOString() })),
    }),
  });

  api.get('/handover/:id', {
    access: 'user.handover',
    summary:
      'Everything a person holds: service roles and administration, open change requests and packages, VO roles, contact relations',
    params: userAccountIdParamSchema,
    ...objectAnswers(handoverSchema),
    handler: async (request) => {
      const person = await findHandoverPerson(db, request.params.id);
      if (!person) throw notFound();
      return {
        user: { ...person, goneAt: person.goneAt?.toISOString() ?? null },
        items: (await listHandoverItems(db, person.id)).map(presentHandoverItem),
      };
    },
  });

  api.post('/handover/:id', {
    access: 'user.handover',
    summary:
      'Hand the picked items to one receiver per kind in one transaction; an item no longer held answers 409 and nothing changes',
    params: userAccountIdParamSchema,
    body: handOverSchema,
    answer: handedOverSchema,
    errors: [400, 401, 403, 404, 409],
    handler: async (request, principal) => ({
      handedOver: await handOver(context.writes, principal, request.params.id, request.body),
    }),
  });
};
