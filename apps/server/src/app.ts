import { reviewScheduleJob } from './commands/review-schedule.js';
import { pilotNoticesJob } from './commands/pilots.js';
import { downtimesJob } from './commands/downtimes.js';
import { downtimeCalendarRoutes, downtimeRoutes } from './routes/downtimes.js';
import { pilotRoutes } from './routes/pilots.js';
import { movableClock, systemClock, type Clock } from './model/clock.js';
import { devClockRoutes } from './dev-idp/clock-routes.js';
import { reviewScheduleRoutes } from './routes/review-schedule.js';
import { retirementPlanRoutes } from './routes/retirement-plan.js';
import { scheduledJobRoutes } from './routes/scheduled-jobs.js';
import { createScheduler } from './scheduler/scheduler.js';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { TOKEN_RATE_LIMIT, translate } from '@nubes/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import { createLoginThrottle } from './auth/login-throttle.js';
import { createOidcRelyingParty } from './auth/oidc-client.js';
import { createTokenRateLimit } from './auth/token-rate-limit.js';
import { createTokenService } from './auth/tokens.js';
import { DEV_CLOCK_PATH, DEV_IDP_PATH, type Config } from './config/config.js';
import type { Database } from './db/client.js';
import { devIdpRoutes } from './dev-idp/routes.js';
import { markRoutesPublic, registerAccessControl } from './http/access-control.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/error-handler.js';
import { registerInputGuard, unsafeAddress } from './http/input-guard.js';
import { escapeHtml } from './http/escape-html.js';
import { documentOperation, SECURITY_SCHEMES, withoutUnusedSchemas } from './http/openapi.js';
import { registerWebFiles, WEB_ASSETS_PREFIX } from './http/web-files.js';
import { createAppShell } from './http/app-shell.js';
import { presentPageHead } from './presenters/page-head.js';
import { loadPublicService } from './queries/public-service.js';
import { crawlerRoutes } from './routes/crawlers.js';
import { eoscExportRoutes } from './routes/eosc-export.js';
import { serviceAddressRoutes } from './routes/service-address.js';
import { serviceCachesFor } from './caches/service-caches.js';
import { watchOtherInstances } from './caches/watch-other-instances.js';
import { createPortalLog, PortalLogController, type PortalLog } from './http/portal-log.js';
import { requestIdOf } from './http/request-id.js';
import { PolicySchemas } from './json-schema/policy-schemas.js';
import { securityHeadersFor } from './http/security-headers.js';
import { registerRouteEntry } from './http/route-entry.js';
import { auditLogRoutes } from './routes/audit-log.js';
import { entitlementRoleRoutes } from './routes/entitlement-roles.js';
import { roleCountRoutes } from './routes/role-counts.js';
import { voNamePrefixRoutes } from './routes/vo-name-prefixes.js';
import { voRoutes } from './routes/vos.js';
import { accessRequestRoutes } from './routes/access-requests.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { changeRequestRoutes } from './routes/change-requests.js';
import { commentRoutes } from './routes/comments.js';
import { contactRoutes } from './routes/contacts.js';
import { documentRoutes } from './routes/documents.js';
import { keywordRoutes } from './routes/keywords.js';
import { mailRoutes } from './routes/mail.js';
import { institutionLogoRoutes } from './routes/institution-logo.js';
import { institutionRoutes } from './routes/institutions.js';
import { oauthRoutes } from './routes/oauth.js';
import { publicPortfolioRoutes } from './routes/public-portfolio.js';
import { startWebhookWorker, type WebhookWorker } from './webhooks/webhook-worker.js';
import { openSecretBox } from './webhooks/secret-box.js';
import { webhookRoutes } from './routes/webhooks.js';
import { eventFeedRoutes } from './routes/events.js';
import { savedViewRoutes } from './routes/saved-views.js';
import { publicResourcePackageRoutes } from './routes/public-resource-packages.js';
import { resourceTypeRoutes } from './routes/resource-types.js';
import { serviceFieldListRoutes } from './routes/service-field-list.js';
import { resourcePackageRoutes } from './routes/resource-packages.js';
import { reviewRoutes } from './routes/reviews.js';
import { serviceHistoryRoutes } from './routes/service-history.js';
import { serviceListRoutes } from './routes/service-list.js';
import { serviceRoleRoutes } from './routes/service-roles.js';
import { serviceWorkflowRoutes } from './routes/service-workflow.js';
import { serviceRoutes } from './routes/services.js';
import { sessionRoutes } from './routes/session.js';
import { apiTokenRoutes } from './routes/api-tokens.js';
import { systemRoutes } from './routes/system.js';
import { readinessRoutes } from './routes/readiness.js';
import { metricsRoutes } from './routes/metrics.js';
import { userAccountRoutes } from './routes/user-accounts.js';
import { handoverRoutes } from './routes/handover.js';
import { userRoutes } from './routes/users.js';
import { weightingSettingsRoutes } from './routes/weighting-settings.js';
import { createDatabaseFileStore } from './storage/database-file-store.js';
import { writesFor } from './writes/after-commit.js';
import type { OutboxWorker, OutboxWorkerOptions } from './mail/outbox-worker.js';
import { createPortalMetrics, noteArrival } from './operations/metrics.js';
import { createReadiness } from './operations/readiness.js';
import { AdminCheck } from './commands/ensure-admin.js';
import type { AfterListen } from './operations/after-listen.js';

const API_BODY_LIMIT = 1024 * 1024;

const LOGO_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };

/**
 * The API docs' top bar shows the portal's logo, linking home: the web app's file when the
 * configured logo is one, else the product's name as a wordmark. Read here, synchronously: given
 * no logo, the plugin reads its own from disk while it registers, and that one asynchronous read
 * held the start up by 0.05–0.2 s on a two-core host
 * (docs/adr/0058-server-bundle-and-start-time.md).
 */
const docsLogo = (config: Config) => {
  const { logoUrl, productName } = config.branding;
  const file = logoUrl.startsWith('/static/') ? path.join(config.webDist, logoUrl) : null;
  const type = file ? LOGO_TYPES[path.extname(file)] : undefined;
  if (file && type && existsSync(file)) return { type, content: readFileSync(file), href: '/' };
  const wordmark = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40"><text x="0" y="28" font-family="sans-serif" font-size="24" font-weight="bold" fill="#ffffff">${escapeHtml(productName)}</text></svg>`;
  return { type: 'image/svg+xml', content: Buffer.from(wordmark), href: '/' };
};

export interface BuildAppOptions {
  /** The app's log (main.ts shares its own; tests may hand in one that writes where they read). */
  log?: PortalLog;
  /**
   * Starts this process's mail worker (main.ts, with SMTP_URL) with the app's log and metrics;
   * the app stops it when it closes, after the requests in flight.
   */
  startMailWorker?: (hooks: Pick<OutboxWorkerOptions, 'onError' | 'onDeliveryFailed'>) => OutboxWorker;
  /** Deliver webhooks from this process once it listens (main.ts; tests start a worker of their own). */
  webhookWorker?: boolean;
  /** The configured admin's check, which main.ts starts once it listens; direct logins wait for it. */
  adminCheck?: AdminCheck;
  /** The work main.ts runs once the portal listens; the app adds its own (the development IdP's load). */
  afterListen?: AfterListen;
  /** What time it is for timed work; tests hand in a clock they move (docs/adr/0115-one-scheduler-for-timed-work.md). */
  clock?: Clock;
  /** Look for due timed jobs every this many milliseconds once the portal listens (main.ts); tests run them by hand. */
  schedulerPollMs?: number;
}

/**
 * The routes' zod schemas validate and serialize. Given as factories rather than set after the
 * instance exists, Fastify never loads its default Ajv and fast-json-stringify compilers, a tenth
 * of a start (docs/adr/0066-start-loads-what-it-uses.md). Fastify types the factories for
 * Ajv; at run time a factory may return any compiler, which is what `setValidatorCompiler` does.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Builds the whole portal (API, dev IdP, web app) on an open database; listening is the caller's job. */
export const buildApp = async (
  config: Config,
  database: Database,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> => {
  const log = options.log ?? createPortalLog(config);
  const app = Fastify({
    // No logger for Fastify: the portal logs through `log` (docs/adr/0057-one-log-and-no-logger-per-request.md).
    logController: new PortalLogController(log),
    // The proxy's X-Request-Id when well-formed, else a new one; echoed by the security headers' hook.
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    bodyLimit: API_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Client errors that Fastify and Node answer before any hook get the portal's shape too (ADR 0015).
    frameworkErrors: frameworkErrorHandler(log),
    clientErrorHandler,
    schemaController: { compilersFactory: zodCompilers },
  });

  const tokens = await createTokenService(database.db, config.jwtSecret);
  const caches = serviceCachesFor(database, (error) => log.warn({ err: error }, 'service cache revalidation failed'));
  // On PostgreSQL: other instances' notices keep the public portfolio and the principals in step (ADR 0076).
  const otherInstances = watchOtherInstances(database, log);
  if (otherInstances) app.addHook('onClose', () => otherInstances.close());
  const metrics = createPortalMetrics({ db: database.db });
  const mailWorker =
    options.startMailWorker?.({
      onError: (error) => log.warn({ err: error }, 'the mail outbox worker failed; it tries again at its next poll'),
      onDeliveryFailed: metrics.deliveryFailed,
    }) ?? null;
  // Fastify runs onClose hooks after the server stopped and the requests in flight were answered.
  if (mailWorker) app.addHook('onClose', () => mailWorker.stop());
  // A shutdown right after the start lets the admin's check finish its write before the database closes.
  const adminCheck = options.adminCheck ?? new AdminCheck(async () => undefined);
  app.addHook('onClose', () => adminCheck.settled());
  // With the development IdP (never in production) a browser walk may move the clock (dev-idp/clock-routes.ts).
  const devClock = config.devIdp ? movableClock(options.clock ?? systemClock) : null;
  const clock = devClock?.clock ?? options.clock ?? systemClock;
  const writes = writesFor(database, { productName: config.branding.productName, publicUrl: config.publicUrl });
  const scheduler = createScheduler({
    writes,
    clock,
    jobs: [
      reviewScheduleJob(config.branding.productName),
      pilotNoticesJob(config.branding.productName),
      downtimesJob(config.branding.productName),
    ],
    onError: (error, job) =>
      log.warn({ err: error }, `the scheduled job ${job} failed; it runs again at its next time`),
  });
  if (options.webhookWorker) {
    let worker: WebhookWorker | undefined;
    const start = async () => {
      worker = startWebhookWorker({
        db: database.db,
        box: await openSecretBox(database.db),
        publicUrl: config.publicUrl,
        allowPrivateTargets: config.webhooks.allowPrivateTargets,
        leaseMs: config.webhooks.leaseSeconds * 1000,
        onError: (error) => log.warn({ err: error }, 'the webhook worker failed; it tries again at its next poll'),
      });
    };
    if (options.afterListen) options.afterListen.add('starting the webhook worker', start);
    else app.addHook('onReady', start);
    app.addHook('onClose', async () => worker?.stop());
  }
  const { schedulerPollMs } = options;
  if (schedulerPollMs !== undefined) {
    const start = () => scheduler.start(schedulerPollMs);
    if (options.afterListen) options.afterListen.add('starting the scheduler', start);
    else app.addHook('onReady', async () => start());
  }
  app.addHook('onClose', () => scheduler.stop());
  const context: AppContext = {
    clock,
    scheduler,
    config,
    log,
    database,
    tokens,
    throttle: createLoginThrottle(database.db, config.login),
    ...caches,
    policySchemas: new PolicySchemas(),
    writes,
    readiness: createReadiness({ database, mailEnabled: config.mail.smtpUrl !== undefined, mailWorker }),
    metrics,
    adminCheck,
    oidc: createOidcRelyingParty({
      config,
      db: database.db,
      internalOrigin: () => {
        const address = app.server.address();
        if (!address || typeof address === 'string') return undefined;
        const host =
          address.family === 'IPv6'
            ? `[${address.address === '::' ? '::1' : address.address}]`
            : address.address === '0.0.0.0'
              ? '127.0.0.1'
              : address.address;
        return `http://${host}:${address.port}`;
      },
    }),
  };

  registerErrorHandler(app, log);
  registerInputGuard(app);
  const access = registerAccessControl(app, {
    db: database.db,
    tokens,
    publicUrl: config.publicUrl,
    tokenRateLimit: createTokenRateLimit({
      requests: config.apiTokens.rateLimit,
      windowSeconds: TOKEN_RATE_LIMIT.windowSeconds,
    }),
  });
  const securityHeaders = securityHeadersFor({ https: config.publicUrl.startsWith('https:') });
  registerRouteEntry(app, {
    // The arrival first, so the guard's work is timed; the headers before the guard, so refusals carry them.
    steps: [() => noteArrival, securityHeaders.stepFor],
    gate: access.guardFor,
  });
  metrics.timeRoutes(app);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.branding.productName} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });

  const files = createDatabaseFileStore(database.db);
  await app.register(
    async (api) => {
      api.addHook('onRoute', documentOperation);
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
      await api.register(async (docs) => {
        docs.addHook('onRoute', markRoutesPublic);
        // The UI loads its files relative to the page, which only resolves from /api/docs/.
        docs.addHook('onRequest', async (request, reply) => {
          // Scope hooks run before the route's own, which set the security headers.
          if (request.url === '/api/docs') return securityHeaders.applyTo(request, reply).redirect('/api/docs/');
        });
        await docs.register(fastifySwaggerUi, { routePrefix: '/docs', logo: docsLogo(config) });
      });
      await api.register(systemRoutes, { context });
      await api.register(readinessRoutes, { context });
      await api.register(metricsRoutes, { context });
      await api.register(sessionRoutes, { context });
      await api.register(apiTokenRoutes, { context });
      await api.register(oauthRoutes, { context });
      await api.register(userRoutes, { context });
      await api.register(userAccountRoutes, { context });
      await api.register(handoverRoutes, { context });
      await api.register(auditLogRoutes, { context });
      await api.register(weightingSettingsRoutes, { context });
      await api.register(entitlementRoleRoutes, { context });
      await api.register(voNamePrefixRoutes, { context });
      await api.register(voRoutes, { context });
      await api.register(dashboardRoutes, { context });
      await api.register(accessRequestRoutes, { context });
      await api.register(roleCountRoutes, { context });
      await api.register(documentRoutes, { context, files });
      await api.register(commentRoutes, { context });
      await api.register(mailRoutes, { context });
      await api.register(keywordRoutes, { context });
      await api.register(serviceListRoutes, { context });
      await api.register(serviceRoutes, { context });
      await api.register(serviceWorkflowRoutes, { context });
      await api.register(retirementPlanRoutes, { context });
      await api.register(serviceRoleRoutes, { context });
      await api.register(changeRequestRoutes, { context });
      await api.register(serviceHistoryRoutes, { context });
      await api.register(institutionRoutes, { context, files });
      await api.register(institutionLogoRoutes, { context, files });
      await api.register(publicPortfolioRoutes, { context });
      await api.register(eoscExportRoutes, { context });
      await api.register(serviceFieldListRoutes, { context });
      await api.register(reviewRoutes, { context });
      await api.register(reviewScheduleRoutes, { context });
      await api.register(pilotRoutes, { context });
      await api.register(downtimeRoutes, { context });
      await api.register(downtimeCalendarRoutes, { context });
      await api.register(scheduledJobRoutes, { context });
      await api.register(resourceTypeRoutes, { context });
      await api.register(publicResourcePackageRoutes, { context });
      await api.register(resourcePackageRoutes, { context });
      await api.register(contactRoutes, { context });
      await api.register(savedViewRoutes, { context });
      await api.register(eventFeedRoutes, { context });
      await api.register(webhookRoutes, { context });
    },
    { prefix: '/api' },
  );

  if (config.devIdp) {
    // Imported when first needed (dev-idp/routes.ts): oidc-provider's modules are a large part of the start.
    const provider = async () => (await import('./dev-idp/provider.js')).createDevIdentityProvider(config, database.db);
    await app.register(devIdpRoutes, { prefix: DEV_IDP_PATH, provider, log, afterListen: options.afterListen });
    if (devClock) await app.register(devClockRoutes, { prefix: DEV_CLOCK_PATH, clock: devClock, context });
  }

  await app.register(crawlerRoutes, { context });
  await app.register(serviceAddressRoutes, { context });

  const indexFile = path.join(config.webDist, 'index.html');
  // The app shell is small and the same for every client-side route: read once, kept in memory, and
  // each page's title and description written into its head (docs/adr/0086-public-pages-audit.md).
  const shell = existsSync(indexFile) ? createAppShell(readFileSync(indexFile)) : null;
  if (shell) {
    await registerWebFiles(app, config.webDist);
  }
  const describedService = async (serviceId: string) => {
    const service = await loadPublicService(database.db, serviceId);
    if (!service) return null;
    const shortDescription = service.fields.shortDescription;
    return {
      name: service.name,
      provider: service.provider?.name ?? '',
      shortDescription: typeof shortDescription === 'string' ? shortDescription : '',
    };
  };

  app.setNotFoundHandler(async (request, reply) => {
    securityHeaders.applyTo(request, reply);
    const refused = unsafeAddress(request.url);
    if (refused) throw refused;
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing file under assets/ (an old tab asking for a chunk of an earlier build) is a 404,
    // not the app shell, which a browser would try to run as a script.
    const isAsset = request.url.startsWith(WEB_ASSETS_PREFIX);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset;
    if (wantsPage && shell) {
      // Client-side routes: the web app decides what exists and shows "Page not found" itself.
      const head = await presentPageHead({
        pathname: request.url.split('?', 1)[0] ?? '/',
        language: request.language,
        productName: config.branding.productName,
        loadService: describedService,
      });
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
        .type('text/html; charset=utf-8')
        .send(shell(head));
    }
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ error: 'not_found', message: translate(request.language, 'errors.not_found') });
  });

  return app;
};
