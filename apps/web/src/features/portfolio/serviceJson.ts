import type { ServiceSummary } from '@nubes/domain';

/**
 * The selected services as JSON for other programs: the API's own names and values (state and
 * type as codes, ISO dates), one object per service, in the list's order.
 */
export const servicesJson = (services: readonly ServiceSummary[]): string =>
  `${JSON.stringify(
    services.map((service) => ({
      id: service.id,
      serviceId: service.serviceId,
      name: service.name,
      state: service.state,
      provider: service.providerInstitution
        ? { abbreviation: service.providerInstitution.abbreviation, name: service.providerInstitution.name }
        : null,
      serviceType: service.serviceType,
      score: service.score,
      keywords: service.keywords,
      shortDescription: service.shortDescription,
      updatedAt: service.updatedAt,
      onlineSince: service.onlineSince,
    })),
    null,
    2,
  )}\n`;

/** services-selected-2026-11-24.json, beside the CSV of the same selection. */
export const selectedJsonFilename = (now = new Date()): string =>
  `services-selected-${now.toISOString().slice(0, 10)}.json`;
