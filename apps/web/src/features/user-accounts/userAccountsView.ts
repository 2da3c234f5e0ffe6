import { DEFAULT_PAGE_SIZE, userAccountQuerySchema, type Role, type UserAccountQuery } from '@nubes/domain';
import type { z } from 'zod';

/**
 * The User Accounts screen keeps search, filters, sort, page and the open account in the query
 * string (?q=&role=&institution=&sort=&order=&page=&pageSize=&user=), each checked with the
 * server's own schema; what it would refuse falls back to the default, so old links still open.
 */
export interface UserAccountsView {
  q: string;
  role: Role | null;
  /** An institution's id. */
  institution: string | null;
  sort: UserAccountQuery['sort'];
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The account whose details are open. */
  user: string | null;
}

export const USER_ACCOUNT_PAGE_SIZES: readonly number[] = [25, 50, 100];

export const DEFAULT_USER_ACCOUNTS_VIEW: UserAccountsView = {
  q: '',
  role: null,
  institution: null,
  sort: 'fullname',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  user: null,
};

type Shape = typeof userAccountQuerySchema.shape;
const field = <K extends keyof Shape>(key: K, value: string | null): NonNullable<z.output<Shape[K]>> | null => {
  if (value === null) return null;
  const parsed = (userAccountQuerySchema.shape[key] as unknown as z.ZodType<z.output<Shape[K]>>).safeParse(value);
  return parsed.success && parsed.data !== undefined && parsed.data !== null ? parsed.data : null;
};

export const parseUserAccountsView = (params: URLSearchParams): UserAccountsView => {
  const pageSize = field('pageSize', params.get('pageSize'));
  // An account id has the institution filter's shape: a uuid.
  const user = field('institution', params.get('user'));
  return {
    q: field('q', params.get('q')) ?? '',
    role: field('role', params.get('role')),
    institution: field('institution', params.get('institution')),
    sort: field('sort', params.get('sort')) ?? DEFAULT_USER_ACCOUNTS_VIEW.sort,
    order: field('order', params.get('order')) ?? DEFAULT_USER_ACCOUNTS_VIEW.order,
    page: field('page', params.get('page')) ?? 1,
    pageSize: pageSize && USER_ACCOUNT_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    user,
  };
};

/** The page's query string: only what differs from the defaults. */
export const serializeUserAccountsView = (view: UserAccountsView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.role) params.set('role', view.role);
  if (view.institution) params.set('institution', view.institution);
  if (view.sort !== DEFAULT_USER_ACCOUNTS_VIEW.sort || view.order !== DEFAULT_USER_ACCOUNTS_VIEW.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.user) params.set('user', view.user);
  return params;
};

/** What the API is asked for the list: the whole view but the open account, the defaults included. */
export const userAccountsQuery = (view: UserAccountsView): Partial<UserAccountQuery> => ({
  q: view.q || undefined,
  role: view.role ?? undefined,
  institution: view.institution ?? undefined,
  sort: view.sort,
  order: view.order,
  page: view.page,
  pageSize: view.pageSize,
});

/** A changed search or filter starts on page 1. */
export const changeUserAccountsView = (
  view: UserAccountsView,
  change: Partial<Pick<UserAccountsView, 'q' | 'role' | 'institution'>>,
): UserAccountsView => ({ ...view, ...change, page: 1 });
