import { Anchor } from '@mantine/core';
import { formatDateTime, routePath, type ResourcePackage, type UserRef } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';
import { localized } from '../../../i18n/localized';
import { formatQuota } from '../quota';
import { ResourcePackageStateBadge } from '../ResourcePackageStateBadge';

/** "Alice Example, 20.11.2026, 09:00", or a dash when it has not happened. */
const byWhom = (at: string | null, by: UserRef | null): string =>
  at ? [by?.fullname, formatDateTime(at)].filter(Boolean).join(', ') : '—';

/** The package's values and its review so far, as a fact list like the service's onboarding tab. */
export const PackageFacts = ({ pkg }: { pkg: ResourcePackage }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (
    <dl className="service-facts">
      <dt>{t('resourcePackageViews.fields.name')}</dt>
      <dd>{pkg.name}</dd>
      <dt>{t('resourcePackageViews.fields.service')}</dt>
      <dd>
        <Anchor component={Link} to={routePath('service', { id: pkg.service.id })}>
          {pkg.service.name}
        </Anchor>{' '}
        ({pkg.service.serviceId})
      </dd>
      <dt>{t('resourcePackageViews.fields.provider')}</dt>
      <dd>{pkg.provider ? `${pkg.provider.name} (${pkg.provider.abbreviation})` : '—'}</dd>
      <dt>{t('resourcePackageViews.fields.type')}</dt>
      <dd>
        {localized(pkg.type.name, language)}
        {pkg.type.retired && ` (${t('resourcePackageViews.retiredType')})`}
      </dd>
      <dt>{t('resourcePackageViews.fields.quota')}</dt>
      <dd>{formatQuota(pkg.quota, pkg.type.quotaUnit, language)}</dd>
      <dt>{t('resourcePackageViews.fields.policyNames')}</dt>
      <dd>{pkg.policyNames.join(', ') || '—'}</dd>
      <dt>{t('resourcePackageViews.fields.state')}</dt>
      <dd>
        <ResourcePackageStateBadge state={pkg.state} />
      </dd>
      <dt>{t('resourcePackageViews.fields.submitted')}</dt>
      <dd>{byWhom(pkg.submittedAt, pkg.submittedBy)}</dd>
      <dt>{t('resourcePackageViews.fields.decided')}</dt>
      <dd>{byWhom(pkg.decidedAt, pkg.decidedBy)}</dd>
      <dt>{t('resourcePackageViews.fields.reviewComment')}</dt>
      <dd>{pkg.reviewComment || '—'}</dd>
      <dt>{t('resourcePackageViews.fields.updated')}</dt>
      <dd>{byWhom(pkg.updatedAt, pkg.updatedBy)}</dd>
    </dl>
  );
};
