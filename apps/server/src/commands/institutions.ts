import type { CreateInstitution, MessageKey, UpdateInstitution } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { institutions } from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { conflict, invalidInput } from '../http/http-error.js';
import { institutionValues, type InstitutionRow } from '../model/institution.js';
import { countInstitutionUse, institutionAbbreviationTaken } from '../queries/institutions.js';
import type { FileStore } from '../storage/file-store.js';
import type { NewLogo } from '../storage/logo-upload.js';
import { changesOf } from '../writes/changes.js';
import { changeInstitution, type InstitutionSet } from '../writes/row-writes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

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
  refuseDuplicates(
    runWrite(writes, actorOf(principal), async (tx) => {
      await refuseTakenAbbreviation(tx, input.abbreviation);
      const [row] = await tx.insert(institutions).values(input).returning();
      return {
        value: row!,
        events: [
          {
            action: 'institution.created',
            objectType: 'institution',
            objectId: row!.id,
            after: institutionValues(row!),
          },
        ],
      };
    }),
    abbreviationTaken,
  );

/** Changes an institution; one event with old → new of what changed; nothing changed writes nothing. */
export const updateInstitution = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateInstitution,
): Promise<InstitutionRow> => {
  const changed = changeInstitution(writes, {
    id,
    principal,
    version: input.version,
    change: async (tx, row) => {
      const changes = changesOf(institutionValues(row), institutionValues(input));
      if (!changes) return { events: [] };
      if ('abbreviation' in changes.after) await refuseTakenAbbreviation(tx, input.abbreviation, row.id);
      return { set: changes.after as InstitutionSet, events: [{ action: 'institution.updated', ...changes }] };
    },
  });
  return (await refuseDuplicates(changed, abbreviationTaken)).object;
};

/**
 * Deletes an institution nothing names. While services (as provider or operating institution), user
 * accounts or contacts (their institution, or a relation) name it, 409 says which: their foreign keys would only empty the reference, and a
 * service silently losing its provider is worse than a refusal.
 */
export const deleteInstitution = async (
  writes: Writes,
  files: FileStore,
  principal: AuthUser,
  id: string,
  version: number,
): Promise<void> => {
  await changeInstitution(writes, {
    id,
    principal,
    version,
    change: async (tx, row) => {
      const refusal = inUseMessage(await countInstitutionUse(tx, row.id));
      if (refusal) throw conflict(refusal);
      await tx.delete(institutions).where(eq(institutions.id, row.id));
      if (row.logoKey) await files.delete(row.logoKey, tx);
      return { events: [{ action: 'institution.deleted', before: institutionValues(row) }] };
    },
  });
};

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
  const { object } = await changeInstitution(writes, {
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
