import { z } from 'zod';
import { PORTFOLIO_TABS, type PortfolioTab } from '../services/states.js';
import { serviceListQuerySchema } from './services.js';

/** The portfolio tabs' counts: the filters of the list without tab, sort and page. */
export const tabCountsQuerySchema = serviceListQuerySchema.pick({
  q: true,
  state: true,
  provider: true,
  keyword: true,
});
export type TabCountsQuery = z.infer<typeof tabCountsQuerySchema>;

export const tabCountsSchema = z
  .object({
    counts: z.object(Object.fromEntries(PORTFOLIO_TABS.map((tab) => [tab, z.int()])) as Record<PortfolioTab, z.ZodInt>),
  })
  .meta({ id: 'PortfolioTabCounts' });
export type TabCounts = z.infer<typeof tabCountsSchema>;
