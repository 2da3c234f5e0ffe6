import {
  DEFAULT_PAGE_SIZE,
  resourcePackageReviewQuerySchema,
  type ResourcePackageReviewQuery,
  type ResourcePackageState,
} from '@nubes/domain';
import type { z } from 'zod';

/**
 * The resource package review list keeps search, filters, sort and page in the query string
 * (?q=&state=&type=&sort=&order=&page=&pageSize=), each checked with the server's own schema;
 * what it would refuse falls back to the default, so old links still open.
 */
export interface PackageReviewView {
  q: string;
  state: ResourcePackageState | null;
  /** A resource type's key. */
  type: string | null;
  sort: ResourcePackageReviewQuery['sort'];
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const PACKAGE_REVIEW_PAGE_SIZES: readonly number[] = [25, 50, 100];

export const DEFAULT_PACKAGE_REVIEW_VIEW: PackageReviewView = {
  q: '',
  state: null,
  type: null,
  sort: 'waiting',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

type Shape = typeof resourcePackageReviewQuerySchema.shape;
const field = <K extends keyof Shape>(key: K, value: string | null): NonNullable<z.output<Shape[K]>> | null => {
  if (value === null) return null;
  const parsed = (resourcePackageReviewQuerySchema.shape[key] as unknown as z.ZodType<z.output<Shape[K]>>).safeParse(
    value,
  );
  return parsed.success && parsed.data !== undefined && parsed.data !== null ? parsed.data : null;
};

export const parsePackageReviewView = (params: URLSearchParams): PackageReviewView => {
  const pageSize = field('pageSize', params.get('pageSize'));
  return {
    q: field('q', params.get('q')) ?? '',
    state: field('state', params.get('state')),
    type: field('type', params.get('type')) || null,
    sort: field('sort', params.get('sort')) ?? DEFAULT_PACKAGE_REVIEW_VIEW.sort,
    order: field('order', params.get('order')) ?? DEFAULT_PACKAGE_REVIEW_VIEW.order,
    page: field('page', params.get('page')) ?? 1,
    pageSize: pageSize && PACKAGE_REVIEW_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
};

/** The page's query string: only what differs from the defaults. */
export const serializePackageReviewView = (view: PackageReviewView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.state) params.set('state', view.state);
  if (view.type) params.set('type', view.type);
  if (view.sort !== DEFAULT_PACKAGE_REVIEW_VIEW.sort || view.order !== DEFAULT_PACKAGE_REVIEW_VIEW.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
};

/** What the API is asked: the whole view, the defaults included. */
export const packageReviewQuery = (view: PackageReviewView): Partial<ResourcePackageReviewQuery> => ({
  q: view.q || undefined,
  state: view.state ?? undefined,
  type: view.type ?? undefined,
  sort: view.sort,
  order: view.order,
  page: view.page,
  pageSize: view.pageSize,
});

/** A changed search or filter starts on page 1. */
export const changePackageReviewView = (
  view: PackageReviewView,
  change: Partial<Pick<PackageReviewView, 'q' | 'state' | 'type'>>,
): PackageReviewView => ({ ...view, ...change, page: 1 });
