import { publicPortfolioSchema, publicServiceDetailSchema, publicServiceParamSchema } from '@nubes/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/http-error.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import type { CachedAnswer, ContentCoding } from '../caches/public-portfolio-cache.js';
import { presentPublicService } from '../presenters/public-service.js';
import { loadPublicService } from '../queries/public-service.js';
import { loadOpenDowntimes } from '../queries/downtimes.js';
import { presentPublicDowntime } from '../presenters/downtime.js';

// Public, but revalidated on every use: a visitor who reloads after a status change sees the new
// status at once; the list's ETag keeps that revalidation a bodiless 304 (docs/adr/0097-public-answers-revalidate.md).
const CACHE_CONTROL = 'public, no-cache';

/** If-None-Match holds our ETag (or *): the client's copy is current. Weak validators compare too (RFC 9110 §13.1.2). */
export const matchesEtag = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
};

/** Ours, smallest first: on equal weights the smaller body wins (RFC 9110 §12.5.3 leaves the choice to us). */
const CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/**
 * The content coding to answer with, from Accept-Encoding (RFC 9110 §12.5.3): the highest
 * q-value among br, gzip (x-gzip) and identity, ties going to the smaller body; `*` stands for
 * every coding not named; identity is acceptable unless refused (identity;q=0, or *;q=0 without
 * it). No header: identity. When the client refuses everything we have, identity all the same
 * (a body it can read beats a 406).
 */
export const negotiateEncoding = (header: string | string[] | undefined): ContentCoding => {
  const weights = new Map<string, number>();
  for (const part of [header ?? []].flat().join(',').split(',')) {
    const [rawCoding = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const coding = rawCoding === 'x-gzip' ? 'gzip' : rawCoding;
    if (!coding) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    // A malformed weight makes the entry void, not a wildcard acceptance.
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) continue;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weight));
  }
  const star = weights.get('*');
  // Unnamed identity ranks with the least wanted coding the client named (as the negotiator
  // package does): "gzip;q=0.5" still means "gzip, please".
  const named = [...weights.values()].filter((weight) => weight > 0);
  const implicitIdentity = named.length > 0 ? Math.min(...named) : 1;
  const weightOf = (coding: ContentCoding) =>
    weights.get(coding) ?? star ?? (coding === 'identity' ? implicitIdentity : 0);
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = weightOf(coding);
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
};

// Browsers send a handful of distinct Accept-Encoding values; each is parsed once (bounded, so
// varied headers cannot grow it).
const negotiated = new Map<string, ContentCoding>();
const NEGOTIATED_MAX = 64;

const codingFor = (header: string | undefined): ContentCoding => {
  if (header === undefined) return 'identity';
  let coding = negotiated.get(header);
  if (coding === undefined) {
    coding = negotiateEncoding(header);
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, coding);
  }
  return coding;
};

type Representation = CachedAnswer[ContentCoding];

// The headers of each representation, built once per rebuilt body rather than header by header per request.
const answerHeaders = new WeakMap<Representation, Readonly<Record<string, string>>>();

const headersOf = (representation: Representation, coding: ContentCoding): Readonly<Record<string, string>> => {
  let headers = answerHeaders.get(representation);
  if (!headers) {
    headers = {
      etag: representation.etag,
      'cache-control': CACHE_CONTROL,
      vary: 'accept-encoding',
      'content-type': 'application/json; charset=utf-8',
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    };
    answerHeaders.set(representation, headers);
  }
  return headers;
};

const answer = (request: FastifyRequest, reply: FastifyReply, cached: CachedAnswer): void => {
  const coding = codingFor(request.headers['accept-encoding']);
  const chosen = cached[coding];
  // Any representation the client holds is current: the same JSON in another coding.
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && CODINGS.some((c) => matchesEtag(ifNoneMatch, cached[c].etag))) {
    reply.header('etag', chosen.etag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding');
    reply.code(304).send();
    return;
  }
  // Pre-serialized (and pre-compressed) bytes bypass the serializer: built once per change, not per request.
  reply.headers(headersOf(chosen, coding)).send(chosen.body);
};

/** The public portfolio: no login, cacheable, the same answer for everyone. */
export const publicPortfolioRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('public'));
  const cache = context.publicPortfolio;
  app.addHook('onClose', () => cache.settled());

  app.get(
    '/public/services',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The public service portfolio: current services and past ones with their online period',
        description:
          'Current = services online, not available or at full capacity; past = discontinued and retired services. Answers carry an ETag (a hash of the body) and `Cache-Control: public, no-cache` (clients revalidate every time), brotli- or gzip-compressed as the client’s Accept-Encoding prefers (each coding with its own ETag; `Vary: Accept-Encoding`); a request with a matching `If-None-Match` gets 304 without a body. A change is visible at once on the instance that made it and within about a second on the others.',
        response: {
          200: publicPortfolioSchema,
          304: z.null().describe('Not modified: the ETag in If-None-Match is current'),
        },
      },
    },
    // Not async: while the body is current the answer goes out without waiting on a promise.
    (request, reply) => {
      const cached = cache.current(context.clock());
      if (cached instanceof Promise) return cached.then((ready) => answer(request, reply, ready));
      answer(request, reply, cached);
    },
  );

  app.get(
    '/public/services/:serviceId',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A service’s public page: the portfolio’s columns and the catalogue’s public fields',
        description:
          'By service ID (SVC-00042), the address of its public page. Only services the public portfolio lists (online, not available, full capacity, discontinued, retired); any other ID answers 404. Labels and option values in the caller’s language (Accept-Language); empty fields are left out.',
        params: publicServiceParamSchema,
        response: { 200: publicServiceDetailSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const row = await loadPublicService(context.database.db, request.params.serviceId);
      if (!row) throw notFound();
      reply.header('cache-control', CACHE_CONTROL).header('vary', 'accept-language');
      const now = context.clock();
      const downtimes = (await loadOpenDowntimes(context.database.db, row.serviceId, now)).map((downtime) =>
        presentPublicDowntime(downtime, request.language, now),
      );
      return presentPublicService({ ...row, downtimes }, request.language);
    },
  );
};
