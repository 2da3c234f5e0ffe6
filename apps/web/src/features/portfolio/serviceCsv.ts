import { formatDateTime, type ServiceSummary } from '@nubes/domain';
import type { TFunction } from 'i18next';
import { toCsv } from '../../components/data-table';

/**
 * The selected services as CSV, in the columns, order and format of the server's export of a
 * whole view (the server's export takes a view, not a list of ids; the rows are on screen anyway).
 */
export const servicesCsv = (services: readonly ServiceSummary[], t: TFunction): string =>
  toCsv(
    (
      [
        'serviceId',
        'name',
        'state',
        'provider',
        'serviceType',
        'score',
        'keywords',
        'shortDescription',
        'updatedAt',
        'onlineSince',
      ] as const
    ).map((key) => t(`serviceExport.${key}`)),
    services.map((service) => [
      service.serviceId,
      service.name,
      t(`serviceStates.${service.state}`),
      service.providerInstitution?.name ?? null,
      t(`serviceTypes.${service.serviceType}`),
      service.score,
      service.keywords.join(', '),
      service.shortDescription,
      formatDateTime(service.updatedAt),
      formatDateTime(service.onlineSince),
    ]),
  );

/** services-selected-2026-11-24.csv: like the server's file names, marked as a selection. */
export const selectedCsvFilename = (now = new Date()): string =>
  `services-selected-${now.toISOString().slice(0, 10)}.csv`;
