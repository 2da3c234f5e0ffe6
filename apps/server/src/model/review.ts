import type { ServiceState } from '@nubes/domain';
import type { serviceReviews } from '../db/schema.js';

/** A service's review as the lists and the presenters take it; services without one are inactive. */
export type ReviewEntry = Omit<typeof serviceReviews.$inferSelect, 'serviceId' | 'updatedAt'>;

/** The review of a service that never had one: no service_reviews row (docs/adr/0029-service-reviews.md). */
export const NO_REVIEW: ReviewEntry = {
  status: 'inactive',
  version: 0,
  startedAt: null,
  startedById: null,
  answeredAt: null,
  answeredById: null,
  endedAt: null,
  lastOutcome: null,
};

/** A row of the Service Review List: the service's list columns with its review. */
export interface ServiceReviewListRow {
  id: string;
  serviceId: string;
  name: string;
  state: ServiceState;
  providerId: string | null;
  providerAbbreviation: string | null;
  providerName: string | null;
  review: ReviewEntry;
  /** The schedule's next review date (docs/adr/0116-reviews-on-a-schedule.md), YYYY-MM-DD. */
  nextReviewOn: string | null;
}
