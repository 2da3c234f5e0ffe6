import type {
  BulkReviewRequest,
  ManualReviewAction,
  MyReviews,
  NextReview,
  NextReviewRequest,
  ReviewScheduleSettings,
  ReviewScheduleSettingsRequest,
  ServiceReview,
} from '@nubes/domain';
import { queryOptions } from '@tanstack/react-query';
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

/** A service's review: its banner and its header's next review date read the one query. */
export const serviceReviewQuery = (id: string) =>
  queryOptions({ queryKey: reviewKeys.service(id), queryFn: ({ signal }) => fetchServiceReview(id, signal) });

export const runReviewAction = (id: string, action: ManualReviewAction, version: number) =>
  apiRequest<ServiceReview>(`/api/services/${encodeURIComponent(id)}/review/${action}`, {
    method: 'POST',
    body: { version },
  });

export const runBulkReview = (request: BulkReviewRequest) =>
  apiRequest<{ count: number }>('/api/reviews/bulk', { method: 'POST', body: request });

export const fetchMyReviews = (signal?: AbortSignal) => apiRequest<MyReviews>('/api/reviews/mine', { signal });

export const reviewScheduleKeys = { settings: ['reviews', 'schedule-settings'] as const };

export const fetchReviewScheduleSettings = (signal?: AbortSignal) =>
  apiRequest<ReviewScheduleSettings>('/api/review-schedule/settings', { signal });

export const saveReviewScheduleSettings = (body: ReviewScheduleSettingsRequest) =>
  apiRequest<ReviewScheduleSettings>('/api/review-schedule/settings', { method: 'PUT', body });

export const saveNextReview = (id: string, body: NextReviewRequest) =>
  apiRequest<NextReview>(`/api/services/${encodeURIComponent(id)}/next-review`, { method: 'PUT', body });
