import type { CreateVoNamePrefix } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { voNamePrefixes } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { invalidInput } from '../http/http-error.js';
import { changeVoNamePrefix, type VoNamePrefixRow } from '../writes/row-writes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/** Reserves a prefix; one reserved already in any case answers 400 on `prefix`. */
export const createVoNamePrefix = (
  writes: Writes,
  principal: AuthUser,
  input: CreateVoNamePrefix,
): Promise<VoNamePrefixRow> =>
  refuseDuplicates(
    runWrite(writes, actorOf(principal), async (tx) => {
      const [row] = await tx.insert(voNamePrefixes).values(input).returning();
      return {
        value: row!,
        events: [
          {
            action: 'voNamePrefix.created',
            objectType: 'voNamePrefix',
            objectId: row!.id,
            after: { prefix: row!.prefix, note: row!.note },
          },
        ],
      };
    }),
    () => invalidInput(undefined, { prefix: 'adminSections.voPrefixes.taken' }),
  );

export const deleteVoNamePrefix = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
): Promise<void> => {
  await changeVoNamePrefix(writes, {
    id,
    principal,
    version,
    change: async (tx, row) => {
      await tx.delete(voNamePrefixes).where(eq(voNamePrefixes.id, row.id));
      return {
        events: [{ action: 'voNamePrefix.deleted', before: { prefix: row.prefix, note: row.note } }],
      };
    },
  });
};
