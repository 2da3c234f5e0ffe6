import type { PublicPortfolio } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const publicPortfolioKey = ['public-portfolio'] as const;

/**
 * Anonymous on purpose, also for logged-in visitors: the answer is the same for everyone, and
 * without an Authorization header the browser's cache (ETag, If-None-Match) and shared caches apply.
 */
export const fetchPublicPortfolio = (signal?: AbortSignal) =>
  apiRequest<PublicPortfolio>('/api/public/services', { auth: 'none', signal });
