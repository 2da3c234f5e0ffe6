import type { CreateInstitution, MessageKey, UpdateInstitution } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { conflict, invalidInput } from '../http/http-error.js';
import { institutionValues, type InstitutionRow } from '../model/institution.js';
import { countInstitutionUse, institutionAbbreviationTaken } from '../queries/institutions.js';
import type { FileStore } from '../storage/file-store.js';
import type { NewLogo } from '../storage/logo-upload.js';
import type { Writes } from '../writes/pipeline.js';
import { institutionRows } from '../writes/row-writes.js';

const abbreviationTaken = () => invalidInput(undefined, { abbreviation: 'institutionAdmin.abbreviationTaken' });

/** 409 naming what still uses the institution, or nothing when nothing does. */
const inUseMessage = (use: { services: number; users: number; contacts: number }): MessageKey | null => {
  if (use.contacts > 0) {
    if (use.services > 0 && use.users > 0) return 'contacts.institutionUsedByAll';
    if (use.services > 0) return 'contacts.institutionUsedByServicesAndContacts';
    if (use.users > 0) return 'contacts.institutionUsedByUsersAndContacts';
    return 'contacts.institutionUsedByContacts';
  }
  if (use.services > 0 && use.users > 0) return 'institutionAdmin.inUseServicesAndUsers';
  if (use.services > 0) return 'institutionAdmin.inUseServices';
  if (use.users > 0) return 'institutionAdmin.inUseUsers';
  return null;
};

const refuseTakenAbbreviation = async (tx: Tx, abbreviation: string, exceptId?: string) => {
  if (await institutionAbbreviationTaken(tx, abbreviation, exceptId)) throw abbreviationTaken();
};

/**
 * Creates an institution; 400 on `abbreviation` when another has it (regardless of case; two
 * managers creating the same one at once: the unique index decides).
 */
export const createInstitution = (
  writes: Writes,
  principal: AuthUser,
  input: CreateInstitution,
): Promise<InstitutionRow> =>
  institutionRows.create(writes, principal, input, {
    check: (tx) => refuseTakenAbbreviation(tx, input.abbreviation),
    event: (row) => ({ action: 'institution.created', after: institutionValues(row) }),
    duplicate: abbreviationTaken,
  });

/** Changes an institution; one event with old → new of what changed; nothing changed writes nothing. */
export const updateInstitution = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateInstitution,
): Promise<InstitutionRow> =>
  institutionRows.update(writes, principal, id, input.version, institutionValues(input), {
    action: 'institution.updated',
    duplicate: abbreviationTaken,
    check: async (tx, row, changed) => {
      if ('abbreviation' in changed) await refuseTakenAbbreviation(tx, input.abbreviation, row.id);
    },
  });

/**
 * Deletes an institution nothing names. While services (as provider or operating institution), user
 * accounts or contacts (their institution, or a relation) name it, 409 says which: their foreign keys would only empty the reference, and a
 * service silently losing its provider is worse than a refusal.
 */
export const deleteInstitution = (
  writes: Writes,
  files: FileStore,
  principal: AuthUser,
  id: string,
  version: number,
): Promise<void> =>
  institutionRows.remove(writes, principal, id, version, async (tx, row) => {
    const refusal = inUseMessage(await countInstitutionUse(tx, row.id));
    if (refusal) throw conflict(refusal);
    if (row.logoKey) await files.delete(row.logoKey, tx);
    return { action: 'institution.deleted', before: institutionValues(row) };
  });

/**
 * Sets an institution's logo (docs/adr/0033-institution-logos.md): the bytes go to the file store
 * in the change's transaction and the old ones leave it, so a failed change keeps the old logo.
 */
export const setInstitutionLogo = async (
  writes: Writes,
  files: FileStore,
  principal: AuthUser,
  id: string,
  logo: NewLogo,
): Promise<InstitutionRow> => {
  const { object } = await institutionRows.change(writes, {
    id,
    principal,
    change: async (tx, row) => {
      const logoKey = await files.put(logo.bytes, tx);
      if (row.logoKey) await files.delete(row.logoKey, tx);
      return {
        set: { logoKey, logoContentType: logo.contentType },
        events: [
          {
            action: 'institution.logo.updated',
            before: { logo: row.logoContentType },
            after: { logo: logo.contentType, size: logo.bytes.length },
          },
        ],
      };
    },
  });
  return object;
};
