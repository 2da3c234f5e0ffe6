import { SERVICE_STATES, type FieldValues, type Principal, type ServiceRelation } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { institutions, serviceAdmins, serviceKeywords, services } from '../db/schema.js';
import { serviceRelation } from '../policies/service-policy.js';
import type { ListSort, SortOrder } from '../queries/service-list.js';
import { seedDemoPrincipals } from './demo-principals.js';
import { openTestDatabase } from './harness.js';

/** Every service as the lists' tests check them: read plainly, without the lists' SQL. */
export interface ReferenceService {
  id: string;
  serviceId: string;
  name: string;
  state: string;
  providerId: string | null;
  providerAbbreviation: string | null;
  weightedScore: number;
  updatedAt: Date;
  version: number;
  fields: FieldValues;
  keywordIds: string[];
  relationOf: (principal: Principal) => ServiceRelation;
}

export const loadReferenceServices = async (db: Db): Promise<ReferenceService[]> => {
  const rows = await db
    .select({ service: services, providerAbbreviation: institutions.abbreviation })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId));
  const admins = await db.select().from(serviceAdmins);
  const tags = await db.select().from(serviceKeywords);
  return rows.map(({ service, providerAbbreviation }) => {
    const adminIds = admins.filter((admin) => admin.serviceId === service.id).map((admin) => admin.userId);
    return {
      id: service.id,
      serviceId: service.serviceId,
      name: service.name,
      state: service.state,
      providerId: service.providerInstitutionId,
      providerAbbreviation,
      weightedScore: service.weightedScore,
      updatedAt: service.updatedAt,
      version: service.version,
      fields: service.fields,
      keywordIds: tags.filter((tag) => tag.serviceId === service.id).map((tag) => tag.keywordId),
      relationOf: (principal) => serviceRelation(principal, service, adminIds),
    };
  });
};

type Compare = (a: ReferenceService, b: ReferenceService) => number;

// Code-point order of the lower-cased text, as the lists sort names (COLLATE "C").
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNameAsc: Compare = (a, b) => text(a.name.toLowerCase(), b.name.toLowerCase()) || text(a.id, b.id);

/**
 * The lists' orders as the in-memory lists had them (docs/domain.md#service-information): every
 * order ends on the id; state, provider and score break ties by name A–Z; no provider sorts last
 * both ways; 'weighted' is highest score first, then by name.
 */
export const referenceOrder = (sort: ListSort, order: SortOrder): Compare => {
  const sign = order === 'asc' ? 1 : -1;
  switch (sort) {
    case 'name':
      return (a, b) => sign * byNameAsc(a, b);
    case 'serviceId':
      return (a, b) => sign * (text(a.serviceId, b.serviceId) || text(a.id, b.id));
    case 'state':
      return (a, b) =>
        sign * (SERVICE_STATES.indexOf(a.state as never) - SERVICE_STATES.indexOf(b.state as never)) || byNameAsc(a, b);
    case 'provider':
      return (a, b) => {
        const [x, y] = [a.providerAbbreviation?.toLowerCase() ?? null, b.providerAbbreviation?.toLowerCase() ?? null];
        if (x === null || y === null) return (x === null ? 1 : 0) - (y === null ? 1 : 0) || byNameAsc(a, b);
        return sign * text(x, y) || byNameAsc(a, b);
      };
    case 'updatedAt':
      return (a, b) => sign * (a.updatedAt.getTime() - b.updatedAt.getTime() || text(a.id, b.id));
    case 'score':
      return (a, b) => sign * (a.weightedScore - b.weightedScore) || byNameAsc(a, b);
    case 'weighted':
      return (a, b) => b.weightedScore - a.weightedScore || byNameAsc(a, b);
  }
};

export interface ReferenceServicesEnv {
  database: Awaited<ReturnType<typeof openTestDatabase>>;
  principals: AuthUser[];
  /** As `reload()` last read them. */
  reference: ReferenceService[];
  /** One of the demo people, by username. */
  person(username: string): AuthUser;
  reload(): Promise<void>;
}

/**
 * A list test file's own database with the demo people, made before the file's own set-up and
 * dropped after its last test: read the fields inside tests and hooks only.
 */
export const useReferenceServices = (): ReferenceServicesEnv => {
  const env = {
    person: (username: string) => {
      const principal = env.principals.find((candidate) => candidate.username === username);
      if (!principal) throw new Error(`No demo person ${username}`);
      return principal;
    },
    reload: async () => {
      env.reference = await loadReferenceServices(env.database.db);
    },
  } as ReferenceServicesEnv;
  beforeAll(async () => {
    env.database = await openTestDatabase();
    env.principals = await seedDemoPrincipals(env.database.db);
  }, 60_000);
  afterAll(() => env.database.drop());
  return env;
};
