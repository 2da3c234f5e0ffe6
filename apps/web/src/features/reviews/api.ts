import type { BulkReviewRequest, ManualReviewAction, MyReviews, ServiceReview } from '@nubes/domain';
import { apiRequest } from '../../api/client';

/** Review queries start with 'reviews': one invalidation refreshes the list, a banner and My Services. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (path: string) => ['reviews', 'list', path] as const,
  service: (id: string) => ['reviews', 'service', id] as const,
  mine: ['reviews', 'mine'] as const,
};

export const fetchServiceReview = (id: string, signal?: AbortSignal) =>
  apiRequest<ServiceReview>(`/api/services/${encodeURIComponent(id)}/review`, { signal });

export const runReviewAction = (id: string, action: ManualReviewAction, version: number) =>
  apiRequest<ServiceReview>(`/api/services/${encodeURIComponent(id)}/review/${action}`, {
    method: 'POST',
    body: { version },
  });

export const runBulkReview = (request: BulkReviewRequest) =>
  apiRequest<{ count: number }>('/api/reviews/bulk', { method: 'POST', body: request });

export const fetchMyReviews = (signal?: AbortSignal) => apiRequest<MyReviews>('/api/reviews/mine', { signal });
