import { publicPortfolioSchema } from '@nubes/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CachedAnswer } from '../http/public-portfolio-cache.js';
import type { Services } from '../services.js';

const CACHE_CONTROL = 'public, max-age=60';

/** If-None-Match holds our ETag (or *): the client's copy is current. Weak validators compare too (RFC 9110 §13.1.2). */
export const matchesEtag = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
};

/** Whether the client takes gzip (a q=0 refuses it). */
export const acceptsGzip = (header: string | string[] | undefined): boolean =>
  [header ?? []]
    .flat()
    .join(',')
    .split(',')
    .some((part) => {
      const [coding = '', ...params] = part.trim().toLowerCase().split(';');
      if (coding !== 'gzip' && coding !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });

const answer = (request: FastifyRequest, reply: FastifyReply, cached: CachedAnswer): void => {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  const etag = gzip ? cached.gzipEtag : cached.etag;
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding');
  // Either representation the client holds is current.
  const ifNoneMatch = request.headers['if-none-match'];
  if (matchesEtag(ifNoneMatch, cached.etag) || matchesEtag(ifNoneMatch, cached.gzipEtag)) {
    reply.code(304).send();
    return;
  }
  // Pre-serialized (and pre-compressed) bytes bypass the serializer: built once per change, not per request.
  reply.header('content-type', 'application/json; charset=utf-8');
  if (gzip) reply.header('content-encoding', 'gzip').send(cached.gzip);
  else reply.send(cached.body);
};

/** The public portfolio: no login, cacheable, the same answer for everyone. */
export const publicPortfolioRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const cache = services.publicPortfolio;
  app.addHook('onClose', () => cache.settled());

  app.get(
    '/public/services',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'The public service portfolio: current services and past ones with their online period',
        description:
          'Current = services online, not available or at full capacity; past = discontinued and retired services. Answers carry an ETag (a hash of the body) and `Cache-Control: public, max-age=60`, gzip-compressed when the client accepts it; a request with a matching `If-None-Match` gets 304 without a body. A change is visible at once on the instance that made it and within about a second on the others.',
        response: {
          200: publicPortfolioSchema,
          304: z.null().describe('Not modified: the ETag in If-None-Match is current'),
        },
      },
    },
    // Not async: while the body is current the answer goes out without waiting on a promise.
    (request, reply) => {
      const cached = cache.current();
      if (cached instanceof Promise) return cached.then((ready) => answer(request, reply, ready));
      answer(request, reply, cached);
    },
  );
};
