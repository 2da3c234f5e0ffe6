import fastifyMultipart from '@fastify/multipart';
import { institutionDetailSchema, institutionIdParamSchema, isUuid, MAX_LOGO_BYTES } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { setInstitutionLogo } from '../commands/institutions.js';
import { institutions } from '../db/schema.js';
import { HttpError, notFound } from '../http/http-error.js';
import { readSingleUpload, singleFileLimits } from '../http/multipart-upload.js';
import { apiRoutes } from '../http/api-route.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { presentInstitution } from '../presenters/institution.js';
import type { FileStore } from '../storage/file-store.js';
import { identifyLogo } from '../storage/logo-upload.js';

/** The upload reader's 413 names the documents' limit; a logo's is its own. */
const readLogo = async (request: Parameters<typeof readSingleUpload>[0]) => {
  try {
    return await readSingleUpload(request, { field: 'file', maxBytes: MAX_LOGO_BYTES });
  } catch (error) {
    if (error instanceof HttpError && error.code === 'payload_too_large')
      throw new HttpError('payload_too_large', 'institutionAdmin.logoTooLarge', undefined, error.headers);
    throw error;
  }
};

/**
 * An institution's logo (docs/adr/0033-institution-logos.md): the managers upload PNG or JPEG,
 * everyone (the public portfolio too) reads it.
 */
export const institutionLogoRoutes: FastifyPluginAsyncZod<{ context: AppContext; files: FileStore }> = async (
  app,
  { context, files },
) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('institutions'));
  const { db } = context.database;
  // Only this scope parses multipart bodies; busboy stops a file at the limit instead of buffering it.
  await app.register(fastifyMultipart, { limits: singleFileLimits(MAX_LOGO_BYTES) });

  api.post('/institutions/:id/logo', {
    access: 'institution.manage',
    summary: 'Set the logo: multipart/form-data with one part named `file`, PNG or JPEG, at most 512 KB',
    description:
      'The type is recognised from the content. SVG is refused (415) rather than sanitised; an empty file answers 400.',
    consumes: ['multipart/form-data'],
    params: institutionIdParamSchema,
    answer: institutionDetailSchema,
    errors: [400, 401, 403, 404, 413, 415],
    handler: async (request, principal) => {
      // A missing institution answers before the body is read.
      const [exists] = await db
        .select({ id: institutions.id })
        .from(institutions)
        .where(eq(institutions.id, request.params.id));
      if (!exists) throw notFound();
      const logo = identifyLogo((await readLogo(request)).bytes);
      return presentInstitution(await setInstitutionLogo(context.writes, files, principal, request.params.id, logo));
    },
  });

  app.get(
    '/institutions/:id/logo',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The logo (public, cached for five minutes and revalidated by its ETag)',
        params: z.object({ id: z.string() }),
        response: {
          200: z.unknown().meta({ description: 'The PNG or JPEG' }),
          304: z.null().describe('Not modified'),
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound();
      const [row] = await db
        .select({ logoKey: institutions.logoKey, logoContentType: institutions.logoContentType })
        .from(institutions)
        .where(eq(institutions.id, request.params.id));
      if (!row?.logoKey || !row.logoContentType) throw notFound();
      // The blob key changes with every upload: it is the logo's version.
      const etag = `"${row.logoKey}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      const bytes = await files.get(row.logoKey);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', row.logoContentType)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );
};
