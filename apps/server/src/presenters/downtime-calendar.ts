import { downtimeDescription, routePath, translate, type Language } from '@nubes/domain';
import ical, { ICalEventStatus } from 'ical-generator';
import type { CalendarDowntime } from '../queries/downtimes.js';

export interface CalendarSite {
  productName: string;
  publicUrl: string;
  language: Language;
  /** The one service the feed is of; absent: every service. */
  service?: string;
}

/**
 * Downtimes as an iCalendar feed (RFC 5545, written by ical-generator; docs/adr/0124-announced-downtimes.md):
 * one event per downtime whose UID is the downtime's id at the portal's host, so a calendar that
 * polls updates the event rather than adding one; SEQUENCE is the number of changes since the
 * announcement (an extension raises it), a cancelled downtime is STATUS:CANCELLED.
 */
export const downtimeCalendar = (downtimes: readonly CalendarDowntime[], site: CalendarSite): string => {
  const origin = site.publicUrl.replace(/\/$/, '');
  const host = new URL(origin).hostname;
  const name = site.service
    ? translate(site.language, 'downtimes.calendar.serviceName', { product: site.productName, service: site.service })
    : translate(site.language, 'downtimes.calendar.allName', { product: site.productName });
  const calendar = ical({
    name,
    prodId: { company: site.productName, product: 'downtimes', language: site.language.toUpperCase() },
  });
  for (const { downtime, serviceName, serviceNumber } of downtimes) {
    calendar.createEvent({
      id: `${downtime.id}@${host}`,
      start: downtime.startsAt,
      end: downtime.endsAt,
      stamp: downtime.updatedAt,
      created: downtime.announcedAt,
      lastModified: downtime.updatedAt,
      sequence: downtime.version - 1,
      status: downtime.cancelledAt ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      summary: translate(site.language, 'downtimes.calendar.summary', {
        service: serviceName,
        severity: translate(site.language, `downtimeLabels.severities.${downtime.severity}`),
      }),
      description: downtimeDescription(site.language, downtime),
      url: `${origin}${routePath('publicService', { serviceId: serviceNumber })}`,
    });
  }
  return calendar.toString();
};
