import { DEFAULT_PAGE_SIZE, contactQuerySchema, type ContactPropertyKind, type ContactQuery } from '@nubes/domain';
import type { z } from 'zod';

/**
 * The Contact Database keeps search, filters, sort, page and the open contact in the query string
 * (?q=&institution=&propertyKind=&sort=&order=&page=&pageSize=&contact=), each checked with the
 * server's own schema; what it would refuse falls back to the default, so old links still open.
 */
export interface ContactsView {
  q: string;
  institution: string | null;
  propertyKind: ContactPropertyKind | null;
  sort: ContactQuery['sort'];
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** The contact whose details are open. */
  contact: string | null;
}

export const CONTACT_PAGE_SIZES: readonly number[] = [25, 50, 100];

export const DEFAULT_CONTACTS_VIEW: ContactsView = {
  q: '',
  institution: null,
  propertyKind: null,
  sort: 'lastname',
  order: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  contact: null,
};

type Shape = typeof contactQuerySchema.shape;
const field = <K extends keyof Shape>(key: K, value: string | null): NonNullable<z.output<Shape[K]>> | null => {
  if (value === null) return null;
  const parsed = (contactQuerySchema.shape[key] as unknown as z.ZodType<z.output<Shape[K]>>).safeParse(value);
  return parsed.success && parsed.data !== undefined && parsed.data !== null ? parsed.data : null;
};

export const parseContactsView = (params: URLSearchParams): ContactsView => {
  const pageSize = field('pageSize', params.get('pageSize'));
  return {
    q: field('q', params.get('q')) ?? '',
    institution: field('institution', params.get('institution')),
    propertyKind: field('propertyKind', params.get('propertyKind')),
    sort: field('sort', params.get('sort')) ?? DEFAULT_CONTACTS_VIEW.sort,
    order: field('order', params.get('order')) ?? DEFAULT_CONTACTS_VIEW.order,
    page: field('page', params.get('page')) ?? 1,
    pageSize: pageSize && CONTACT_PAGE_SIZES.includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    // A contact id has the institution filter's shape: a uuid.
    contact: field('institution', params.get('contact')),
  };
};

/** The page's query string: only what differs from the defaults. */
export const serializeContactsView = (view: ContactsView): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.institution) params.set('institution', view.institution);
  if (view.propertyKind) params.set('propertyKind', view.propertyKind);
  if (view.sort !== DEFAULT_CONTACTS_VIEW.sort || view.order !== DEFAULT_CONTACTS_VIEW.order) {
    params.set('sort', view.sort);
    params.set('order', view.order);
  }
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.contact) params.set('contact', view.contact);
  return params;
};

/** What the API is asked for the list: the whole view but the open contact. */
export const contactsQuery = (view: ContactsView): Partial<ContactQuery> => ({
  q: view.q || undefined,
  institution: view.institution ?? undefined,
  propertyKind: view.propertyKind ?? undefined,
  sort: view.sort,
  order: view.order,
  page: view.page,
  pageSize: view.pageSize,
});

/** A changed search or filter starts on page 1. */
export const changeContactsView = (
  view: ContactsView,
  change: Partial<Pick<ContactsView, 'q' | 'institution' | 'propertyKind'>>,
): ContactsView => ({ ...view, ...change, page: 1 });
