import {
  availableReviewActions,
  isOpenReview,
  isProviderSide,
  isReviewableState,
  type ManualReviewAction,
  type NextReview,
  type Principal,
  type Review,
  type ReviewListItem,
  type ServiceRelation,
  type ServiceReview,
} from '@nubes/domain';
import type { ReviewEntry, ServiceReviewListRow } from '../model/review.js';
import { providerOfRow } from './service-summary.js';

type Names = ReadonlyMap<string, string>;

const person = (id: string | null, names: Names) => (id ? { id, fullname: names.get(id) ?? '' } : null);
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The user ids a review names, for one look-up of their names per answer. */
export const reviewPeople = (review: ReviewEntry): string[] =>
  [review.startedById, review.answeredById].filter((id): id is string => id !== null);

/** A review on the wire: who started and answered only while it is open; an ended one by its outcome. */
export const presentReview = (review: ReviewEntry, names: Names): Review => {
  const open = isOpenReview(review.status);
  return {
    status: review.status,
    version: review.version,
    startedAt: open ? iso(review.startedAt) : null,
    startedBy: open ? person(review.startedById, names) : null,
    answeredAt: open ? iso(review.answeredAt) : null,
    answeredBy: open ? person(review.answeredById, names) : null,
    lastOutcome: review.lastOutcome,
    endedAt: iso(review.endedAt),
  };
};

/** A service's review with what this caller may do with it (the banner, the list's row actions). */
export const presentServiceReview = (
  serviceId: string,
  relation: ServiceRelation,
  review: ReviewEntry,
  names: Names,
  nextReview: NextReview,
): ServiceReview => ({
  serviceId,
  review: presentReview(review, names),
  reviewable: isReviewableState(relation.state),
  actions: availableReviewActions(review.status, relation.state, {
    roles: relation.roles,
    isProviderSide: isProviderSide(relation),
  }),
  nextReview,
});

/** A review as the list's row shows it: who answered only while it is open. */
const presentListReview = (review: ReviewEntry, names: Names): ReviewListItem['review'] => {
  const open = isOpenReview(review.status);
  return {
    status: review.status,
    version: review.version,
    startedAt: open ? iso(review.startedAt) : null,
    answeredBy: open && review.answeredById ? (names.get(review.answeredById) ?? '') : null,
  };
};

/** The provider as the list's row shows it: abbreviated, its name on hover. */
const listedProvider = (provider: ReturnType<typeof providerOfRow>) =>
  provider && { abbreviation: provider.abbreviation, name: provider.name };

/** A row of the review list: the portfolio manager's actions (confirming is the provider side's). */
export const presentReviewListItem = (
  row: ServiceReviewListRow,
  principal: Principal,
  names: Names,
): ReviewListItem => ({
  id: row.id,
  serviceId: row.serviceId,
  name: row.name,
  state: row.state,
  providerInstitution: listedProvider(providerOfRow(row)),
  review: presentListReview(row.review, names),
  actions: availableReviewActions(row.review.status, row.state, {
    roles: principal.roles,
    isProviderSide: false,
  }).filter((action): action is Exclude<ManualReviewAction, 'confirm'> => action !== 'confirm'),
  nextReviewOn: row.nextReviewOn,
});
