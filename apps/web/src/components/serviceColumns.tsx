import { formatDateTime, type ServiceSummary } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from './data-table';
import { ServiceStateBadge } from './ServiceStateBadge';
import { ServiceLink } from './ServiceLink';

/** A service's provider in a list: its abbreviation, the full name on hover. */
export const ProviderAbbreviation = ({ provider }: { provider: { name: string; abbreviation: string } | null }) =>
  provider ? <abbr title={provider.name}>{provider.abbreviation}</abbr> : null;

/**
 * The service lists' columns. `sortValue` marks the columns the server can sort by (their ids are
 * its sort keys); the service's name links to its view, which Enter on a row opens.
 */
export const serviceColumns = (
  t: TFunction,
  language: string,
  sortable: boolean,
): DataTableColumn<ServiceSummary>[] => {
  const numberFormat = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const sortBy = <V,>(value: (row: ServiceSummary) => V) => (sortable ? value : undefined);
  return [
    {
      id: 'serviceId',
      header: t('portfolio.columns.serviceId'),
      cell: (row) => row.serviceId,
      sortValue: sortBy((row) => row.serviceId),
      className: 'service-id',
      nowrap: true,
    },
    {
      id: 'name',
      header: t('portfolio.columns.name'),
      cell: (row) => <ServiceLink id={row.id}>{row.name}</ServiceLink>,
      sortValue: sortBy((row) => row.name),
      hideable: false,
    },
    {
      id: 'provider',
      header: t('portfolio.columns.provider'),
      cell: (row) => <ProviderAbbreviation provider={row.providerInstitution} />,
      sortValue: sortBy((row) => row.providerInstitution?.name ?? null),
    },
    {
      id: 'state',
      header: t('portfolio.columns.state'),
      cell: (row) => <ServiceStateBadge state={row.state} />,
      sortValue: sortBy((row) => row.state),
    },
    { id: 'type', header: t('portfolio.columns.type'), cell: (row) => t(`serviceTypes.${row.serviceType}`) },
    {
      id: 'updatedAt',
      header: t('portfolio.columns.updatedAt'),
      cell: (row) => formatDateTime(row.updatedAt),
      sortValue: sortBy((row) => row.updatedAt),
      sortDescFirst: true,
      nowrap: true,
    },
    {
      id: 'score',
      header: t('portfolio.columns.score'),
      cell: (row) => numberFormat.format(row.score),
      sortValue: sortBy((row) => row.score),
      sortDescFirst: true,
      numeric: true,
    },
  ];
};
