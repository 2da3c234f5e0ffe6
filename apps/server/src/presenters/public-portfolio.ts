import {
  CATALOGUE_STATES,
  institutionLogoPath,
  publicPortfolioSchema,
  type PublicPortfolio,
  type PublicService,
} from '@nubes/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, services } from '../db/schema.js';
import { PUBLIC_STATES } from '../queries/public-service.js';
import { loadPortfolioDowntimes } from '../queries/downtimes.js';
import { presentPublicDowntime } from './downtime.js';
import { statusNoticeOf } from './status-notice.js';

/**
 * The public portfolio (docs/domain.md#service-workflow): the catalogue states as current services, discontinued and
 * retired ones as past services with their online period. Only what the public portfolio shows (name,
 * short description, provider and its logo's address, online since or from–till, status with its notice, the
 * current or next downtime): every further field costs each anonymous reader bytes. The answer is the same
 * for every reader, so a downtime's description is the English one (else the German); `changesAt` is when it
 * changes by time alone (docs/adr/0124-announced-downtimes.md).
 */
export const loadPublicPortfolio = async (
  db: Db,
  now: Date,
): Promise<{ portfolio: PublicPortfolio; changesAt: Date | null }> => {
  const { byService, changesAt } = await loadPortfolioDowntimes(db, now);
  const rows = await db
    .select({
      id: services.id,
      serviceId: services.serviceId,
      name: services.name,
      shortDescription: sql<string>`coalesce(${services.fields}->>'shortDescription', '')`,
      provider: sql<string>`coalesce(${institutions.name}, '')`,
      providerId: institutions.id,
      providerVersion: institutions.version,
      providerHasLogo: sql<boolean>`${institutions.logoKey} is not null`,
      state: services.state,
      onlineSince: services.onlineSince,
      onlineUntil: services.onlineUntil,
      statusReason: services.statusReason,
      statusExpectedEnd: services.statusExpectedEnd,
    })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId))
    .where(inArray(services.state, [...PUBLIC_STATES]))
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
  const current: PublicService[] = [];
  const past: PublicService[] = [];
  for (const { id, providerId, providerVersion, providerHasLogo, statusReason, statusExpectedEnd, ...row } of rows) {
    const downtime = byService.get(id);
    const service = {
      ...row,
      statusNotice: statusNoticeOf({ state: row.state, statusReason, statusExpectedEnd }),
      downtime: downtime ? presentPublicDowntime(downtime, 'en', now) : null,
      providerLogo:
        providerId && providerVersion !== null && providerHasLogo
          ? institutionLogoPath(providerId, providerVersion)
          : null,
      onlineSince: row.onlineSince?.toISOString() ?? null,
      onlineUntil: row.onlineUntil?.toISOString() ?? null,
    };
    ((CATALOGUE_STATES as readonly string[]).includes(row.state) ? current : past).push(service);
  }
  return { portfolio: publicPortfolioSchema.parse({ current, past }), changesAt };
};
