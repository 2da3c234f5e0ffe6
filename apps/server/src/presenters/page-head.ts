import { ROUTES, routeTitleKey, translate, type Language, type MessageKey, type RouteId } from '@nubes/domain';
import type { PageHead } from '../http/app-shell.js';

/** The public pages a search engine should describe; every other page gets a title alone. */
const DESCRIPTIONS: Partial<Record<RouteId, MessageKey>> = {
  home: 'pageDescriptions.home',
  login: 'pageDescriptions.login',
  publicServicePortfolio: 'pageDescriptions.publicServicePortfolio',
  instructionsServicePortfolio: 'pageDescriptions.instructionsServicePortfolio',
  instructionsContactDatabase: 'pageDescriptions.instructionsContactDatabase',
};

/** A route's path as a pattern: each `:param` one path segment, a trailing slash allowed. */
const MATCHERS = ROUTES.filter((route) => route.path !== '*').map((route) => ({
  id: route.id,
  pattern: new RegExp(
    `^${route.path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
}));

/** The route a path shows (the first in the table's order, as the web app's router picks) and its parameters. */
const routeOfPath = (pathname: string): { id: RouteId; params: string[] } => {
  for (const { id, pattern } of MATCHERS) {
    const match = pattern.exec(pathname);
    // Service IDs are plain ASCII; a malformed escape never gets here (http/input-guard.ts refuses it).
    if (match) return { id, params: match.slice(1).map((param) => decodeURIComponent(param)) };
  }
  return { id: 'notFound', params: [] };
};

/** What a public service's head says about it. */
export interface DescribedService {
  name: string;
  provider: string;
  shortDescription: string;
}

export interface PageHeadInput {
  pathname: string;
  language: Language;
  productName: string;
  /** The public service a service page shows, null when there is none (the page then says not found). */
  loadService: (serviceId: string) => Promise<DescribedService | null>;
}

/**
 * The head of a page as the web app titles it (hooks/useDocumentTitle.ts: the route's title, a
 * service's name with the product's, the product's name at home), and for the public pages a
 * description in the reader's language: a service's own short description, else a sentence naming
 * it and its provider (docs/adr/0086-public-pages-audit.md).
 */
export const presentPageHead = async ({
  pathname,
  language,
  productName,
  loadService,
}: PageHeadInput): Promise<PageHead> => {
  const { id, params } = routeOfPath(pathname);
  const titleKey = routeTitleKey(id);
  const routeTitle = titleKey ? translate(language, titleKey) : productName;
  if (id === 'publicService' && params[0]) {
    const service = await loadService(params[0]);
    if (service) {
      return {
        language,
        title: `${service.name} – ${productName}`,
        description:
          service.shortDescription.trim() ||
          translate(language, 'pageDescriptions.publicService', {
            name: service.name,
            provider: service.provider,
            product: productName,
          }),
      };
    }
  }
  const descriptionKey = DESCRIPTIONS[id];
  return {
    language,
    title: routeTitle,
    description: descriptionKey ? translate(language, descriptionKey, { product: productName }) : null,
  };
};
