import {
  canEditVo,
  voActionsFor,
  type InstitutionRef,
  type UserRef,
  type VoComment,
  type VoDetails,
  type VoListItem,
  type VoServiceRef,
} from '@nubes/domain';
import { voFormValues, type LoadedVo } from '../model/vo.js';
import type { VoListRow } from '../queries/vos.js';
import type { voComments } from '../db/schema.js';

type VoCommentRow = typeof voComments.$inferSelect;

/** What a VO's answer names besides its row, read by the route's queries. */
export interface VoDetailsParts {
  services: readonly VoServiceRef[];
  comments: readonly VoCommentRow[];
  users: ReadonlyMap<string, UserRef>;
  institution: InstitutionRef | null;
}

const unknownUser = (id: string): UserRef => ({ id, username: '', fullname: '', email: '' });

/** A VO for a caller who may read it: every field, the steps they may take now, the review's comments. */
export const presentVo = (vo: LoadedVo, parts: VoDetailsParts): VoDetails => {
  const { row, context } = vo;
  const user = (id: string | null) => (id ? (parts.users.get(id) ?? null) : null);
  const confirmation = (done: boolean, by: string | null, at: Date | null) =>
    done && at ? { by: user(by), at: at.toISOString() } : null;
  return {
    id: row.id,
    state: row.state,
    version: row.version,
    ...voFormValues(
      row,
      parts.services.map((service) => service.id),
    ),
    applicant: user(row.applicantId) ?? unknownUser(row.applicantId),
    deputy: user(row.deputyId),
    homeInstitution: parts.institution,
    services: [...parts.services],
    termsConfirmation: confirmation(row.termsConfirmed, row.termsConfirmedBy, row.termsConfirmedAt),
    policiesAcceptance: confirmation(row.policiesAccepted, row.policiesAcceptedBy, row.policiesAcceptedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    actions: voActionsFor(row.state, context),
    canEdit: canEditVo(row.state, context),
    comments: parts.comments.map((comment): VoComment => ({
      id: comment.id,
      author: user(comment.authorId),
      text: comment.text,
      action: comment.action,
      fromState: comment.fromState,
      toState: comment.toState,
      createdAt: comment.createdAt.toISOString(),
    })),
    entitlement: row.entitlement,
  };
};

export const presentVoListItem = (row: VoListRow, callerId: string): VoListItem => ({
  id: row.id,
  name: row.name,
  state: row.state,
  applicant: row.applicant,
  deputy: row.deputyId ? row.deputy : null,
  mine: row.applicantId === callerId || row.deputyId === callerId,
  waitingForReview: row.waiting,
  updatedAt: row.updatedAt.toISOString(),
  entitlement: row.entitlement,
});
