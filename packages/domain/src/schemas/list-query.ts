import { z } from 'zod';
import { msg } from '../i18n/core.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

const pageNumber = z.coerce
  .number({ error: msg('validation.number') })
  .int(msg('validation.number'))
  .min(1, msg('validation.number'));

/**
 * The order and the page of a list query, the same for every list the API answers: one of the
 * list's sort keys, ascending or descending, pages from 1 of at most MAX_PAGE_SIZE rows. Spread
 * into the list's query schema beside its filters.
 */
export const listPageFields = <const Sorts extends readonly [string, ...string[]]>(
  sorts: Sorts,
  defaults: { sort: Sorts[number]; order: 'asc' | 'desc' },
) => ({
  sort: z.enum(sorts, { error: msg('validation.option') }).default(defaults.sort as never),
  order: z.enum(['asc', 'desc'], { error: msg('validation.option') }).default(defaults.order),
  page: pageNumber.default(1),
  pageSize: pageNumber.max(MAX_PAGE_SIZE, msg('validation.number')).default(DEFAULT_PAGE_SIZE),
});
