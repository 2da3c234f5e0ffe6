import type { CreateVoNamePrefix } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import { invalidInput } from '../http/http-error.js';
import type { Writes } from '../writes/pipeline.js';
import { voNamePrefixRows, type VoNamePrefixRow } from '../writes/row-writes.js';

/** Reserves a prefix; one reserved already in any case answers 400 on `prefix`. */
export const createVoNamePrefix = (
  writes: Writes,
  principal: AuthUser,
  input: CreateVoNamePrefix,
): Promise<VoNamePrefixRow> =>
  voNamePrefixRows.create(writes, principal, input, {
    event: (row) => ({ action: 'voNamePrefix.created', after: { prefix: row.prefix, note: row.note } }),
    duplicate: () => invalidInput(undefined, { prefix: 'adminSections.voPrefixes.taken' }),
  });

export const deleteVoNamePrefix = (writes: Writes, principal: AuthUser, id: string, version: number) =>
  voNamePrefixRows.remove(writes, principal, id, version, (_tx, row) => ({
    action: 'voNamePrefix.deleted',
    before: { prefix: row.prefix, note: row.note },
  }));
