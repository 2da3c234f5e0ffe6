import { canOpenRoute, ROUTES, routePath, type Principal, type RouteId } from '@nubes/domain';

/** The search parameter that carries the list a service was opened from (its path and query). */
export const FROM_PARAM = 'from';

/** Screens that are no list to go back to. */
const NOT_ORIGINS: ReadonlySet<RouteId> = new Set(['login', 'loginOauth', 'notFound']);

export interface BackLink {
  /** The list's path with its query, so its filters, tab, sort and page come back. */
  href: string;
  route: RouteId;
}

/**
 * The list a service was opened from, if `from` names one: an app path (never another site) of a
 * screen without parameters in the domain's route table, with its query kept as it was.
 */
export const originOf = (from: string | null): BackLink | null => {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(from, 'http://portal.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://portal.invalid') return null;
  const route = ROUTES.find((r) => r.path === url.pathname && !r.path.includes(':') && !NOT_ORIGINS.has(r.id));
  return route ? { href: `${url.pathname}${url.search}`, route: route.id } : null;
};

/** Where the breadcrumb leads: the list the service came from, else the list this user has of services. */
export const backLink = (from: string | null, principal: Principal | null): BackLink => {
  const origin = originOf(from);
  if (origin) return origin;
  const route: RouteId = canOpenRoute(principal, 'servicePortfolio')
    ? 'servicePortfolio'
    : canOpenRoute(principal, 'myServices')
      ? 'myServices'
      : 'home';
  return { href: routePath(route), route };
};

/** A service's view, remembering the list it is opened from (`current`: that list's path and query). */
export const serviceHrefFrom = (id: string, current: string): string =>
  `${routePath('service', { id })}?${new URLSearchParams({ [FROM_PARAM]: current }).toString()}`;
