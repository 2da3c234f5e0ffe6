import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Router, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useBrowserLocation, useLocationProperty } from 'wouter/use-browser-location';

/**
 * The web app's one door to routing (ADR 0025): wouter underneath, with the names and shapes the
 * screens used before (React Router's), so no screen imports wouter itself. Only declarative
 * routing: the route table is matched in order (domain ROUTES, the catch-all last), nothing loads
 * data or blocks a navigation here (the leave guard watches links and history itself, ADR 19).
 */

export { Link, Redirect as Navigate, Route, Switch as Routes, useParams } from 'wouter';

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export interface Location {
  /** As in the address bar (not decoded), so a login redirect target keeps the exact path. */
  pathname: string;
  /** '' or '?…', not decoded. */
  search: string;
  /** '' or '#…'; always '' under the MemoryRouter. */
  hash: string;
}

/** The surrounding router's location hook, called directly: raw pathname and navigate. */
const useRawLocation = () => {
  const router = useRouter();
  return router.hook(router) as [string, NavigateFunction];
};

/** wouter's own useSearch decodes the query before URLSearchParams would, which breaks `%25`. */
const useRawSearch = (): string => {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && !search.startsWith('?') ? `?${search}` : search;
};

const currentHash = () => window.location.hash;
const noHash = () => '';

export const useLocation = (): Location => {
  const router = useRouter();
  const [pathname] = useRawLocation();
  const search = useRawSearch();
  const hash = useLocationProperty(router.hook === useBrowserLocation ? currentHash : noHash, noHash);
  return { pathname, search, hash };
};

/** A stable function that moves to an app path (with query); `replace` for redirects. */
export const useNavigate = (): NavigateFunction => useRawLocation()[1];

type SearchParamsInit = ConstructorParameters<typeof URLSearchParams>[0];

/** The query of the current location and a setter that navigates to the same path with a new query. */
export const useSearchParams = (): [
  URLSearchParams,
  (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] => {
  const [pathname, navigate] = useRawLocation();
  const search = useRawSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const query = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [pathname, params, navigate],
  );
  return [params, setParams];
};

/** The address bar's location (wouter's default); named as before for main.tsx. */
export const BrowserRouter = ({ children }: { children: ReactNode }) => <Router>{children}</Router>;

/** For tests: a location in memory that starts at the first entry (path with query). */
export const MemoryRouter = ({ initialEntries, children }: { initialEntries: [string]; children: ReactNode }) => {
  const [location] = useState(() => memoryLocation({ path: initialEntries[0] }));
  return <Router hook={location.hook}>{children}</Router>;
};
