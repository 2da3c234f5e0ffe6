import { asc, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions } from '../db/schema.js';

/** The institutions of the alliance, by abbreviation. */
export const listInstitutions = (db: Db) =>
  db
    .select({
      id: institutions.id,
      abbreviation: institutions.abbreviation,
      name: institutions.name,
      url: institutions.url,
      isCentre: institutions.isCentre,
      isServiceProvider: institutions.isServiceProvider,
    })
    .from(institutions)
    .orderBy(asc(sql`lower(${institutions.abbreviation})`));
