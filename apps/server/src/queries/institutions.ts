import { institutionLogoPath, SERVICE_FIELDS } from '@nubes/domain';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { contactRelations, contacts, institutions, services, users } from '../db/schema.js';

/** The institutions of the alliance, by abbreviation; a window of them for an export. */
export const listInstitutions = (db: Db, window?: { page: number; pageSize: number }) => {
  const query = db
    .select({
      id: institutions.id,
      abbreviation: institutions.abbreviation,
      name: institutions.name,
      description: institutions.description,
      url: institutions.url,
      isCentre: institutions.isCentre,
      isServiceProvider: institutions.isServiceProvider,
      hasLogo: sql<boolean>`${institutions.logoKey} is not null`,
      version: institutions.version,
    })
    .from(institutions)
    // The id orders what the abbreviation leaves equal, so windows neither overlap nor skip.
    .orderBy(asc(sql`lower(${institutions.abbreviation})`), asc(institutions.id));
  return window ? query.limit(window.pageSize).offset((window.page - 1) * window.pageSize) : query;
};

/** Whether another institution has this abbreviation, regardless of case (the table's unique index). */
export const institutionAbbreviationTaken = async (
  db: Db | Tx,
  abbreviation: string,
  exceptId?: string,
): Promise<boolean> => {
  const same = sql`lower(${institutions.abbreviation}) = lower(${abbreviation})`;
  const rows = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(exceptId ? and(same, ne(institutions.id, exceptId)) : same)
    .limit(1);
  return rows.length > 0;
};

/** The catalogue's fields whose value is an institution (the operating institution). */
const INSTITUTION_FIELDS = SERVICE_FIELDS.filter((field) => field.type === 'institution').map((field) => field.key);

/**
 * What names an institution: services (as provider or operating institution), user accounts, and
 * contacts (as their institution or by a relation to it).
 */
export const countInstitutionUse = async (
  db: Db | Tx,
  institutionId: string,
): Promise<{ services: number; users: number; contacts: number }> => {
  const [serviceCount] = await db
    .select({ n: count() })
    .from(services)
    .where(
      or(
        eq(services.providerInstitutionId, institutionId),
        ...INSTITUTION_FIELDS.map((key) => sql`${services.fields}->>${key} = ${institutionId}`),
      ),
    );
  const [userCount] = await db.select({ n: count() }).from(users).where(eq(users.institutionId, institutionId));
  const [contactCount] = await db
    .select({ n: count() })
    .from(contacts)
    .where(
      or(
        eq(contacts.institutionId, institutionId),
        sql`exists (select 1 from ${contactRelations} where ${contactRelations.contactId} = ${contacts.id} and ${contactRelations.institutionId} = ${institutionId})`,
      ),
    );
  return {
    services: Number(serviceCount?.n ?? 0),
    users: Number(userCount?.n ?? 0),
    contacts: Number(contactCount?.n ?? 0),
  };
};

/** The address of an institution's logo, or null when it has none (or there is no institution). */
export const loadLogoPath = async (db: Db | Tx, id: string | null): Promise<string | null> => {
  if (!id) return null;
  const [row] = await db
    .select({ version: institutions.version, logoKey: institutions.logoKey })
    .from(institutions)
    .where(eq(institutions.id, id));
  return row?.logoKey ? institutionLogoPath(id, row.version) : null;
};
