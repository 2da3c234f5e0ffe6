import { downtimeDescription, downtimeState, type Downtime, type Language, type PublicDowntime } from '@nubes/domain';
import type { downtimes } from '../db/schema.js';
import type { DowntimeRow } from '../queries/downtimes.js';

/** A downtime as the service's screens show it, its state at `now` (docs/adr/0124-announced-downtimes.md). */
export const presentDowntime = (row: DowntimeRow, now: Date): Downtime => ({
  id: row.id,
  serviceId: row.serviceId,
  severity: row.severity,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  descriptionEn: row.descriptionEn,
  descriptionDe: row.descriptionDe,
  state: downtimeState(now, row),
  announcedBy: row.announcedBy && row.announcedByName ? { id: row.announcedBy, fullname: row.announcedByName } : null,
  announcedAt: row.announcedAt.toISOString(),
  endedEarlyAt: row.endedEarlyAt?.toISOString() ?? null,
  cancelledAt: row.cancelledAt?.toISOString() ?? null,
  version: row.version,
});

/** A current or coming downtime as the public sees it, in the reader's language (else the other). */
export const presentPublicDowntime = (
  row: typeof downtimes.$inferSelect,
  language: Language,
  now: Date,
): PublicDowntime => ({
  id: row.id,
  severity: row.severity,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  description: downtimeDescription(language, row),
  state: downtimeState(now, row) === 'current' ? 'current' : 'coming',
});
