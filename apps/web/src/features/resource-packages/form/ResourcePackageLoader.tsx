import { Paper, Text, Title } from '@mantine/core';
import type { ResourcePackage, ResourceType } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { PageLoader } from '../../../components/PageLoader';
import { fetchResourcePackage, fetchResourceTypes, resourcePackageKeys } from '../api';

/** An unknown package and one the caller may not see look the same (a denied read is a 404). */
export const CannotFindResourcePackage = () => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('resourcePackageEditor.cannotFind')}</Title>
      <Paper withBorder p="md" mt="md" role="status">
        <Text>{t('resourcePackageEditor.cannotFindText')}</Text>
      </Paper>
    </>
  );
};

export interface ResourcePackageLoaderProps {
  serviceId: string;
  packageId: string;
  children: (resourcePackage: ResourcePackage, type: ResourceType | undefined) => ReactNode;
}

/** Loads one package and the types (for its JSON Schema), or says why it cannot. */
export const ResourcePackageLoader = ({ serviceId, packageId, children }: ResourcePackageLoaderProps) => {
  const { t } = useTranslation();
  const loaded = useQuery({
    queryKey: resourcePackageKeys.one(packageId),
    queryFn: () => fetchResourcePackage(serviceId, packageId),
  });
  const types = useQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes });
  // Without the types the policy still shows, in the JSON view.
  if (loaded.data && !types.isPending)
    return (
      <>
        {children(
          loaded.data,
          types.data?.items.find((type) => type.id === loaded.data.type.id),
        )}
      </>
    );
  if (loaded.isPending || types.isPending) return <PageLoader />;
  if (isApiError(loaded.error) && (loaded.error.code === 'not_found' || loaded.error.code === 'invalid_input'))
    return <CannotFindResourcePackage />;
  return (
    <>
      <Title order={1}>{t('routes.resourceForm')}</Title>
      <Paper withBorder p="md" mt="md" role="alert">
        <Text>{t('notifications.somethingWentWrong')}</Text>
        <Text>{t('notifications.tryAgain')}</Text>
      </Paper>
    </>
  );
};
