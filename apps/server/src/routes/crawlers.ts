import { ROUTES, routePath } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { DEV_IDP_PATH } from '../config/config.js';
import { escapeHtml } from '../http/escape-html.js';
import { listPublicServiceIds } from '../queries/public-service.js';

/** The part of a route's path before its first parameter: what a robots.txt rule can name. */
const staticPrefix = (path: string) => path.replace(/:.*$/, '');

/** The pages behind a login: a crawler would only meet the login page there (derived from the route table). */
export const ROBOTS_DISALLOWED: readonly string[] = [
  '/api/',
  `${DEV_IDP_PATH}/`,
  ...new Set(ROUTES.filter((route) => route.permission !== 'public').map((route) => staticPrefix(route.path))),
  '/login-oauth/',
];

/** The public pages that stand without a parameter: home, the portfolio and the instructions. */
const SITEMAP_PAGES = ROUTES.filter(
  (route) => route.permission === 'public' && !route.path.includes(':') && route.path !== '*',
)
  .filter((route) => route.id !== 'login' && route.id !== 'loginOauth')
  .map((route) => route.path);

const CACHE_CONTROL = 'public, max-age=60';

/**
 * robots.txt and sitemap.xml for search engines (docs/adr/0086-public-pages-audit.md): the public
 * pages may be crawled, the API, the development IdP and the screens behind a login not; the
 * sitemap lists the public pages and every public service's page, read from the database at each
 * request, so it is as current as the public portfolio.
 */
export const crawlerRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const origin = context.config.publicUrl.replace(/\/$/, '');
  const robots = [
    'User-agent: *',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => {
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(robots);
  });

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const serviceIds = await listPublicServiceIds(context.database.db);
    const locations = [...SITEMAP_PAGES, ...serviceIds.map((serviceId) => routePath('publicService', { serviceId }))];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...locations.map((location) => `  <url><loc>${escapeHtml(`${origin}${location}`)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8').send(body);
  });
};
