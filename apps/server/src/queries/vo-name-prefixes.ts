import type { ReservedVoNamePrefix } from '@nubes/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { institutions, voNamePrefixes } from '../db/schema.js';

export const listVoNamePrefixes = (db: Db | Tx) =>
  db
    .select()
    .from(voNamePrefixes)
    .orderBy(asc(sql`lower(${voNamePrefixes.prefix})`));

/** The institutions flagged as centres: their abbreviations are reserved as VO name prefixes too. */
export const listCentreAbbreviations = (db: Db | Tx) =>
  db
    .select({ institutionId: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name })
    .from(institutions)
    .where(eq(institutions.isCentre, true))
    .orderBy(asc(sql`lower(${institutions.abbreviation})`));

/**
 * Every prefix a new VO's name may not start with: the admin panel's list and the centres'
 * abbreviations. The VO registration checks a name with the domain's `reservedPrefixOf`.
 */
export const loadReservedVoNamePrefixes = async (db: Db | Tx): Promise<string[]> => {
  const [own, centres] = await Promise.all([listVoNamePrefixes(db), listCentreAbbreviations(db)]);
  return [...own.map((row) => row.prefix), ...centres.map((centre) => centre.abbreviation)];
};

/** The reserved prefixes with their kind (and a centre's name), for the VO name rule's messages. */
export const loadReservedVoNamePrefixEntries = async (db: Db | Tx): Promise<ReservedVoNamePrefix[]> => {
  const [own, centres] = await Promise.all([listVoNamePrefixes(db), listCentreAbbreviations(db)]);
  return [
    ...own.map((row) => ({ prefix: row.prefix, kind: 'configured' as const })),
    ...centres.map((centre) => ({ prefix: centre.abbreviation, kind: 'centre' as const, centre: centre.name })),
  ];
};
