import { Anchor, Button, Paper, Text } from '@mantine/core';
import { formatDateTime, routePath, type ResourcePackage, type ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Link } from '../../../routing';
import { localized } from '../../../i18n/localized';
import { fetchServiceResourcePackages, resourcePackageKeys } from '../api';
import { ResourcePackageFormModal, useKeptPackageDraft } from '../form/ResourcePackageFormModal';
import { formatQuota } from '../quota';
import { ResourcePackageStateBadge } from '../ResourcePackageStateBadge';

/** The policy view of one package: /sc/service/{service}/policy/{package}. */
export const policyPath = (pkg: { id: string; service: { id: string } }): string =>
  routePath('policy', { serviceID: pkg.service.id, policyUID: pkg.id });

/**
 * The service view's resources tab: the service's resource packages with type, quota, review
 * state and last edit, for everyone who may see the service. A name opens the package's policy view;
 * the provider side and the portfolio manager add packages here (the answer's canCreate).
 */
export const ResourcesTab = ({ service }: { service: ServiceDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  // A new package left unsaved when the session ended opens again as it was.
  const [adding, setAdding] = useState(useKeptPackageDraft(service.id));
  const packages = useQuery({
    queryKey: resourcePackageKeys.ofService(service.id),
    queryFn: () => fetchServiceResourcePackages(service.id),
  });

  const columns = useMemo(
    (): DataTableColumn<ResourcePackage>[] => [
      {
        id: 'name',
        header: t('resourcePackageViews.columns.name'),
        cell: (pkg) => (
          <Anchor component={Link} to={policyPath(pkg)} fw={600}>
            {pkg.name}
          </Anchor>
        ),
        sortValue: (pkg) => pkg.name,
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'type',
        header: t('resourcePackageViews.columns.type'),
        cell: (pkg) => localized(pkg.type.name, language),
        sortValue: (pkg) => localized(pkg.type.name, language),
      },
      {
        id: 'quota',
        header: t('resourcePackageViews.columns.quota'),
        cell: (pkg) => formatQuota(pkg.quota, pkg.type.quotaUnit, language),
        sortValue: (pkg) => pkg.quota,
        numeric: true,
        nowrap: true,
      },
      {
        id: 'state',
        header: t('resourcePackageViews.columns.state'),
        cell: (pkg) => <ResourcePackageStateBadge state={pkg.state} />,
        sortValue: (pkg) => t(`resourcePackages.states.${pkg.state}`),
        className: 'package-fit',
      },
      {
        id: 'updatedAt',
        header: t('resourcePackageViews.columns.updatedAt'),
        cell: (pkg) => formatDateTime(pkg.updatedAt),
        sortValue: (pkg) => pkg.updatedAt,
        sortDescFirst: true,
        className: 'package-fit',
      },
      {
        id: 'updatedBy',
        header: t('resourcePackageViews.columns.updatedBy'),
        cell: (pkg) => pkg.updatedBy?.fullname ?? '—',
        sortValue: (pkg) => pkg.updatedBy?.fullname,
        hiddenByDefault: true,
      },
    ],
    [t, language],
  );

  if (packages.isError)
    return (
      <Paper withBorder p="md" role="alert">
        <Text fw={600}>{t('notifications.somethingWentWrong')}</Text>
        <Text size="sm">{packages.error.message}</Text>
      </Paper>
    );

  return (
    <>
      <DataTable
        id="service-resource-packages"
        caption={t('resourcePackageViews.caption', { name: service.name })}
        columns={columns}
        rows={packages.data?.items}
        getRowId={(pkg) => pkg.id}
        rowLabel={(pkg) => pkg.name}
        initialSort={{ id: 'name', desc: false }}
        countLabel={(count) => t('resourcePackageViews.count', { count })}
        empty={{ title: t('resourcePackageViews.empty') }}
        toolbar={
          packages.data?.canCreate ? (
            <Button onClick={() => setAdding(true)}>{t('resourcePackageViews.add')}</Button>
          ) : undefined
        }
      />
      <ResourcePackageFormModal serviceId={service.id} opened={adding} onClose={() => setAdding(false)} />
    </>
  );
};
