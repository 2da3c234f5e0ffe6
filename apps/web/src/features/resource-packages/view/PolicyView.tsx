import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { routePath, type ResourcePackage } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { notifySuccess } from '../../../api/notify';
import { PageLoader } from '../../../components/PageLoader';
import { usePageTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate } from '../../../routing';
import { usePermission } from '../../../hooks/usePermission';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { localized } from '../../../i18n/localized';
import { reportWriteError } from '../../../api/writes';
import { deleteResourcePackage, fetchResourcePackage, fetchResourceTypes, resourcePackageKeys } from '../api';
import { ResourcePackageFormModal, useKeptPackageDraft } from '../form/ResourcePackageFormModal';
import { ResourcePackageStateBadge } from '../ResourcePackageStateBadge';
import { ReviewSteps } from '../review/ReviewSteps';
import { PackageFacts } from './PackageFacts';
import { PackageHistory } from './PackageHistory';
import { PolicyReadView } from './PolicyReadView';

/** The service view's resources tab, where the package view leads back to. */
const resourcesTab = (serviceId: string) => `${routePath('service', { id: serviceId })}?tab=resources`;

/** An unknown package and one the user may not see look the same, as for services (ADR 8). */
const CannotFindPackage = ({ serviceId }: { serviceId: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('resourcePackageViews.cannotFind')}</Title>
      <Paper withBorder p="md" mt="md" role="status">
        <Text>{t('resourcePackageViews.cannotFindText')}</Text>
        <Anchor component={Link} to={resourcesTab(serviceId)}>
          {t('resourcePackageViews.backToService')}
        </Anchor>
      </Paper>
    </>
  );
};

/** /sc/service/{service}/policy/{package}: one resource package, its policy, review steps and history. */
export const PolicyView = ({ serviceId, packageId }: { serviceId: string; packageId: string }) => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: resourcePackageKeys.one(packageId),
    queryFn: () => fetchResourcePackage(serviceId, packageId),
  });
  if (query.data) return <PackageScreen pkg={query.data} />;
  if (query.isPending) return <PageLoader />;
  if (isApiError(query.error) && (query.error.code === 'not_found' || query.error.code === 'invalid_input'))
    return <CannotFindPackage serviceId={serviceId} />;
  return (
    <>
      <Title order={1}>{t('routes.policy')}</Title>
      <Paper withBorder p="md" mt="md" role="alert">
        <Text>{t('notifications.somethingWentWrong')}</Text>
        <Text>{t('notifications.tryAgain')}</Text>
      </Paper>
    </>
  );
};

const PackageScreen = ({ pkg }: { pkg: ResourcePackage }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  // An edit left unsaved when the session ended opens again as it was.
  const [editing, setEditing] = useState(useKeptPackageDraft(pkg.service.id, pkg));
  const mayReview = usePermission('resourcePackage.review');
  // The type's schema gives the policy its words; until it arrives (or if it fails) the keys stand in.
  const types = useQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes });
  const schema = types.data?.items.find((type) => type.id === pkg.type.id)?.schema;
  usePageTitle([pkg.name, t('routes.policy')]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.all });

  const remove = useMutation({
    mutationFn: () => deleteResourcePackage(pkg.service.id, pkg.id, pkg.version),
    onSuccess: () => {
      setDeleting(false);
      queryClient.removeQueries({ queryKey: resourcePackageKeys.one(pkg.id) });
      refresh();
      notifySuccess(t('resourcePackages.deleted'), pkg.name);
      navigate(resourcesTab(pkg.service.id));
    },
    onError: (error) => {
      setDeleting(false);
      reportWriteError(error, t('resourcePackageViews.deleteFailed'), t, { onConflict: refresh });
    },
  });

  return (
    <Stack gap="xl">
      <div>
        <Group gap="lg" wrap="wrap">
          <Anchor component={Link} to={resourcesTab(pkg.service.id)} size="sm">
            {t('resourcePackageViews.back', { name: pkg.service.name })}
          </Anchor>
          {/* Reviewers come from their list and may not see the service's other tabs. */}
          {mayReview && (
            <Anchor component={Link} to={routePath('resourcePackageReviewList')} size="sm">
              {t('routes.resourcePackageReviewList')}
            </Anchor>
          )}
        </Group>
        <Title order={1} mt="xs">
          {pkg.name}
        </Title>
        <Group gap="sm" mt="xs">
          <ResourcePackageStateBadge state={pkg.state} />
          <Text>{localized(pkg.type.name, i18n.resolvedLanguage)}</Text>
          {pkg.provider && <Text>{pkg.provider.name}</Text>}
        </Group>
      </div>

      {pkg.state === 'rejected' && pkg.reviewComment && (
        <Alert
          color="red"
          variant="light"
          // Mantine's light red title is too pale on its tint; the colour stays in the background.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title={t('resourcePackageViews.rejectedBecause')}
        >
          <Text className="service-comment-text">{pkg.reviewComment}</Text>
        </Alert>
      )}

      {(pkg.actions.length > 0 || pkg.canEdit) && (
        <Group gap="sm" role="group" aria-label={t('resourcePackageViews.actionsLabel')}>
          <ReviewSteps target={pkg} />
          {pkg.canEdit && (
            <>
              <Button variant="default" onClick={() => setEditing(true)}>
                {t('resourcePackageViews.edit')}
              </Button>
              <Button
                component={Link}
                to={routePath('resourceForm', { serviceID: pkg.service.id, pathPolicyUID: pkg.id })}
                variant="default"
              >
                {t('resourcePackageViews.editAsForm')}
              </Button>
              <Button variant="outline" color="var(--nubes-color-danger)" onClick={() => setDeleting(true)}>
                {t('resourcePackageViews.delete')}
              </Button>
            </>
          )}
        </Group>
      )}

      <section aria-labelledby="package-facts">
        <Title order={2} size="h3" id="package-facts" mb="sm">
          {t('resourcePackageViews.facts')}
        </Title>
        <PackageFacts pkg={pkg} />
      </section>

      <section aria-labelledby="package-policy">
        <Title order={2} size="h3" id="package-policy" mb="sm">
          {t('resourcePackageViews.policy')}
        </Title>
        <PolicyReadView policy={pkg.policy} schema={schema} />
      </section>

      <PackageHistory serviceId={pkg.service.id} packageId={pkg.id} schema={schema} />

      <ResourcePackageFormModal
        serviceId={pkg.service.id}
        resourcePackage={pkg}
        opened={editing}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          queryClient.setQueryData(resourcePackageKeys.one(saved.id), saved);
          refresh();
        }}
      />

      <ConfirmDialog
        opened={deleting}
        title={t('resourcePackageViews.deleteTitle', { name: pkg.name })}
        text={t('resourcePackageViews.deleteText')}
        confirmLabel={t('resourcePackageViews.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
};
