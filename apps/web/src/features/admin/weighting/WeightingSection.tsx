import type { WeightingCriterionSettings } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, DataTable, type DataTableColumn } from '../../../components/data-table';
import { QueryFallback } from '../../../components/QueryFallback';
import { fetchWeightingSettings, weightingSettingsKeys } from './api';
import { WeightingCriterionModal } from './WeightingCriterionModal';

/** The weighting criteria with their factors and options' points; each one edited in a dialog. */
export const WeightingSection = () => {
  const { t, i18n } = useTranslation();
  const german = i18n.resolvedLanguage === 'de';
  const settings = useQuery({
    queryKey: weightingSettingsKeys.all,
    queryFn: ({ signal }) => fetchWeightingSettings(signal),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const columns = useMemo((): DataTableColumn<WeightingCriterionSettings>[] => {
    const label = (text: { en: string; de: string }) => (german ? text.de : text.en);
    return [
      {
        id: 'criterion',
        header: t('adminSections.weighting.criterion'),
        cell: (criterion) => label(criterion.label),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'factor',
        header: t('adminSections.weighting.factor'),
        cell: (criterion) => criterion.factor,
        numeric: true,
      },
      // Before the long options, so the button is in view on a phone without scrolling the table sideways.
      actionsColumn<WeightingCriterionSettings>(t('adminSections.weighting.actions'), [
        {
          label: t('adminSections.weighting.edit'),
          name: (criterion) => t('adminSections.weighting.editCriterion', { name: label(criterion.label) }),
          onClick: (criterion) => setEditing(criterion.key),
          variant: 'light',
        },
      ]),
      {
        id: 'options',
        header: t('adminSections.weighting.options'),
        cell: (criterion) => (
          <ul className="inline-list">
            {criterion.options.map((option) => (
              <li key={option.key}>
                {label(option.label)}: <strong>{option.points}</strong>
              </li>
            ))}
          </ul>
        ),
      },
    ];
  }, [t, german]);

  if (!settings.isSuccess) return <QueryFallback query={settings} title={t('adminSections.weighting.cannotLoad')} />;
  return (
    <>
      <DataTable
        id="weighting-criteria"
        caption={t('adminSections.weighting.caption')}
        columns={columns}
        rows={settings.data.items}
        getRowId={(criterion) => criterion.key}
        empty={{ title: t('adminSections.weighting.cannotLoad') }}
      />
      <WeightingCriterionModal
        criterion={settings.data.items.find((criterion) => criterion.key === editing) ?? null}
        onClose={() => setEditing(null)}
      />
    </>
  );
};
