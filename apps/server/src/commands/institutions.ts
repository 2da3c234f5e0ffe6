import type { CreateInstitution, MessageKey, UpdateInstitution } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { institutions } from '../db/schema.js';
import { conflict, invalidInput } from '../http/http-error.js';
import type { InstitutionRow } from '../model/institution.js';
import { countInstitutionUse, institutionAbbreviationTaken } from '../queries/institutions.js';
import type { FileStore } from '../storage/file-store.js';
import type { NewLogo } from '../storage/logo-upload.js';
import { changeInstitution, type InstitutionSet } from '../writes/row-writes.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

const errorCode = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};

const abbreviationTaken = () => invalidInput(undefined, { abbreviation: 'institutionAdmin.abbreviationTaken' });

/** The fields a manager sets, in the order the audit events list them. */
const EDITABLE = ['abbreviation', 'name', 'description', 'url', 'isCentre', 'isServiceProvider'] as const;
type Editable = (typeof EDITABLE)[number];

/** What an audit event keeps of an institution: every value a manager can set. */
const valuesOf = (row: InstitutionRow): Pick<InstitutionRow, Editable> => ({
  abbreviation: row.abbreviation,
  name: row.name,
  description: row.description,
  url: row.url,
  isCentre: row.isCentre,
  isServiceProvider: row.isServiceProvider,
});

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

/** Creates an institution; 400 on `abbreviation` when another has it (regardless of case). */
export const createInstitution = async (
  writes: Writes,
  principal: AuthUser,
  input: CreateInstitution,
): Promise<InstitutionRow> => {
  try {
    return await runWrite(writes, actorOf(principal), async (tx) => {
      await refuseTakenAbbreviation(tx, input.abbreviation);
      const [row] = await tx.insert(institutions).values(input).returning();
      return {
        value: row!,
        events: [
          { action: 'institution.created', objectType: 'institution', objectId: row!.id, after: valuesOf(row!) },
        ],
      };
    });
  } catch (error) {
    // Two managers creating the same abbreviation at once: the unique index decides.
    if (errorCode(error) === '23505') throw abbreviationTaken();
    throw error;
  }
};

/** Changes an institution; one event with old → new of what changed; nothing changed writes nothing. */
export const updateInstitution = async (
  writes: Writes,
  principal: AuthUser,
  id: string,
  input: UpdateInstitution,
): Promise<InstitutionRow> => {
  try {
    const { object } = await changeInstitution(writes, {
      id,
      principal,
      version: input.version,
      change: async (tx, row) => {
        const changed = EDITABLE.filter((name) => row[name] !== input[name]);
        if (changed.length === 0) return { events: [], value: null };
        if (changed.includes('abbreviation')) await refuseTakenAbbreviation(tx, input.abbreviation, row.id);
        const pick = (source: Pick<InstitutionRow, Editable>) =>
          Object.fromEntries(changed.map((name) => [name, source[name]]));
        return {
          set: pick(input) as InstitutionSet,
          events: [{ action: 'institution.updated', before: pick(row), after: pick(input) }],
          value: null,
        };
      },
    });
    return object;
  } catch (error) {
    if (errorCode(error) === '23505') throw abbreviationTaken();
    throw error;
  }
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
      return { events: [{ action: 'institution.deleted', before: valuesOf(row) }], value: null };
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
        value: null,
      };
    },
  });
  return object;
};
