import { policyPlaceLabel, schemaAt, type HistoryEntry } from '@nubes/domain';
import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStreamQuery } from '../../../hooks/useStreamQuery';
import { TitledSection } from '../../../components/TitledSection';
import { usePackageHistoryLabels } from '../../../components/history/packageHistoryLabels';
import { HistoryTable, type HistoryLabels } from '../../../components/history/HistoryTable';
import { fetchResourcePackageHistory, resourcePackageKeys } from '../api';
import { policyChanges, policyValueText } from '../policy/policyReadout';

const POLICY = 'policy';
const isPolicyPlace = (field: string) => field.startsWith(`${POLICY}/`);
const placeOf = (field: string) => field.slice(POLICY.length);

/**
 * A change of the policy as one change per place that changed (`policy/max_wall_time_hours`),
 * so the history reads "Longest job: 24 hours → 48 hours" instead of two whole policies.
 */
const byPlace = (entry: HistoryEntry, schema: unknown): HistoryEntry => ({
  ...entry,
  changes: entry.changes.flatMap((change) =>
    change.field === POLICY
      ? policyChanges(schema, change.before, change.after).map(({ pointer, before, after }) => ({
          field: `${POLICY}${pointer}`,
          before: change.before === null || change.before === undefined ? null : (before ?? null),
          after: after ?? null,
        }))
      : [change],
  ),
});

/** The package history's words with the policy's places named and valued as its type's schema says. */
const withPolicyPlaces = (labels: HistoryLabels, schema: unknown, t: TFunction, language?: string): HistoryLabels => ({
  ...labels,
  field: (field) =>
    isPolicyPlace(field)
      ? `${labels.field(POLICY)} › ${policyPlaceLabel(schema, placeOf(field), undefined, language, { units: false })}`
      : labels.field(field),
  value: (field, value) =>
    isPolicyPlace(field)
      ? policyValueText(schemaAt(schema, placeOf(field), undefined), value, language, t)
      : labels.value(field, value),
});

/** A package's history (GET …/history, the service history's shape), newest first, a page at a time. */
export const PackageHistory = ({
  serviceId,
  packageId,
  schema,
}: {
  serviceId: string;
  packageId: string;
  /** The package type's JSON Schema: names the policy's places and units (their keys without it). */
  schema?: unknown;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const history = useStreamQuery(resourcePackageKeys.history(packageId), (cursor, signal) =>
    fetchResourcePackageHistory(serviceId, packageId, cursor, signal),
  );
  const packageLabels = usePackageHistoryLabels();
  const labels = useMemo(
    () => withPolicyPlaces(packageLabels, schema, t, language),
    [packageLabels, schema, t, language],
  );
  const rows = useMemo(() => history.items?.map((entry) => byPlace(entry, schema)), [history.items, schema]);

  return (
    <TitledSection id="package-history" title={t('resourcePackageViews.history')}>
      <HistoryTable
        id="resource-package-history"
        caption={t('resourcePackageViews.history')}
        rows={rows}
        failed={history.query.isError}
        more={history.more}
        labels={labels}
        emptyTitle={t('serviceView.noHistory')}
      />
    </TitledSection>
  );
};
