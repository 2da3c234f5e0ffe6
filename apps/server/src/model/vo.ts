import type { VoActorContext, VoFormValues } from '@nubes/domain';
import type { vos } from '../db/schema.js';

export type VoRow = typeof vos.$inferSelect;

/** A VO as commands answer it and presenters shape it. */
export interface VoSnapshot {
  row: VoRow;
}

/** A VO loaded for a caller who may read it, with what the caller is to it. */
export interface LoadedVo extends VoSnapshot {
  context: VoActorContext;
}

/** The application's values as the form holds them, from the row and the chosen services: what events record and the answer shows. */
export const voFormValues = (row: VoRow, serviceIds: string[]): VoFormValues => ({
  termsConfirmed: row.termsConfirmed,
  policiesAccepted: row.policiesAccepted,
  name: row.name,
  description: row.description,
  homeInstitutionId: row.homeInstitutionId,
  deputyId: row.deputyId,
  securityContactEmail: row.securityContactEmail,
  expectedMembers: row.expectedMembers,
  serviceIds,
  aupAdditions: row.aupAdditions,
});
