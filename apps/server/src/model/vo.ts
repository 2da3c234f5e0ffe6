import type { VoActorContext } from '@nubes/domain';
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
