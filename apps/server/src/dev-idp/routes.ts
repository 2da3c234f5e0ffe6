import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { DEV_IDP_PATH } from '../config/config.js';
import { markRoutesPublic } from '../http/access-control.js';
import { hideFromDocument } from '../http/openapi.js';
import type { PortalLog } from '../http/portal-log.js';
import type { AfterListen } from '../operations/after-listen.js';
import { findDemoAccount } from './accounts.js';
import { renderLoginPage } from './pages.js';

const FORM_LIMIT = 16 * 1024;

/** Hands a request to oidc-provider (a Koa app) with the mount path stripped, as Express would. */
const delegate = (load: () => Promise<Provider>) => {
  let ready: { callback: ReturnType<Provider['callback']>; issuer: URL } | null = null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = await load();
    ready ??= { callback: provider.callback(), issuer: new URL(provider.issuer) };
    const { callback, issuer } = ready;
    reply.hijack();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    // The IdP's identity is its issuer: endpoint URLs are built from it, whichever address the
    // request came in on (the portal itself calls it on the loopback address).
    raw.headers.host = issuer.host;
    raw.headers['x-forwarded-proto'] = issuer.protocol.replace(':', '');
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(DEV_IDP_PATH.length) || '/';
    await callback(raw, reply.raw);
  };
};

const sendPage = (reply: FastifyReply, html: string, status = 200) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/** The built-in development IdP under /dev-idp: its own login page, everything else oidc-provider. */
export const devIdpRoutes = async (
  app: FastifyInstance,
  {
    provider: createProvider,
    log,
    afterListen,
  }: { provider: () => Promise<Provider>; log: PortalLog; afterListen?: AfterListen | undefined },
) => {
  app.addHook('onRoute', markRoutesPublic);
  // The API document describes the portal's API; a development stand-in for the AAI is no part of it.
  app.addHook('onRoute', hideFromDocument);
  // oidc-provider is the heaviest import of the server (about a third of its start): it is loaded
  // as a step of the work after listening when the process has such steps (main.ts), and a request
  // that comes before waits for it (docs/adr/0049-build-stamps-and-start-time.md).
  // A failed load is not kept: one that met a database outage is tried again by the next request
  // (docs/adr/0077-database-outages.md).
  let loading: Promise<Provider> | null = null;
  const load = () =>
    (loading ??= createProvider().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  afterListen?.add('starting the development IdP', () =>
    load().catch((error: unknown) => log.error({ err: error }, 'the development IdP failed to start')),
  );

  // oidc-provider reads its endpoints' bodies from the raw stream itself: leave it unread.
  await app.register(async (passthrough) => {
    passthrough.removeAllContentTypeParsers();
    passthrough.addContentTypeParser('*', (_req, _payload, done) => done(null));
    passthrough.all('/*', delegate(load));
    passthrough.all('/', delegate(load));
  });

  // The login form is ours.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
    const provider = await load();
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name === 'login')
      return sendPage(reply, renderLoginPage({ uid: details.uid, language: request.language }));
    // Consent is implied for the portal (see loadExistingGrant); finish any leftover prompt.
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
  });

  app.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
    '/interaction/:uid/login',
    async (request, reply) => {
      const provider = await load();
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const username = String(request.body?.username ?? '').trim();
      const password = String(request.body?.password ?? '');
      const account = findDemoAccount(username);
      if (!account || password !== account.username) {
        return sendPage(
          reply,
          renderLoginPage({ uid: details.uid, language: request.language, error: true, username }),
          401,
        );
      }
      reply.hijack();
      const result = { login: { accountId: account.username } };
      await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    },
  );
};
