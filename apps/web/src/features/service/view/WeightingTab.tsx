import { Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { weighAnswers, type ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyInfo, notifySuccess } from '../../../app/notify';
import { PageLoader } from '../../../pages/PageLoader';
import { fetchWeightingCriteria, serviceKeys, updateService } from '../api';
import { localized } from '../formModel';
import { reportWriteError, useServiceCache } from '../writes';

/** Answers being edited: criterion → option key, or null to clear the answer. */
type AnswerEdits = Record<string, string | null>;

/** The answers to save: only what differs from the stored ones. */
export const weightingChanges = (stored: Readonly<Record<string, string>>, edits: AnswerEdits): AnswerEdits | null => {
  const changes = Object.fromEntries(Object.entries(edits).filter(([key, value]) => (stored[key] ?? null) !== value));
  return Object.keys(changes).length > 0 ? changes : null;
};

/**
 * Weighting criteria (SPEC §3, DESIGN §3): per criterion the answer, its points, the factor and the
 * weighted score (points × factor); the service's score is the sum. Editable with the edit right.
 */
export const WeightingTab = ({ service }: { service: ServiceDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const criteria = useQuery({
    queryKey: serviceKeys.weightingCriteria,
    queryFn: fetchWeightingCriteria,
    staleTime: 5 * 60_000,
  });
  const { store, reload } = useServiceCache(service.id);
  const [edits, setEdits] = useState<AnswerEdits>({});
  const [saving, setSaving] = useState(false);
  const editable = service.permissions.edit;

  const answers = useMemo(() => {
    const merged: Record<string, string> = { ...service.weighting };
    for (const [key, value] of Object.entries(edits)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    return merged;
  }, [service.weighting, edits]);
  const { rows, score } = useMemo(() => weighAnswers(criteria.data?.items ?? [], answers), [criteria.data, answers]);

  const save = async () => {
    const changes = weightingChanges(service.weighting, edits);
    if (!changes) {
      notifyInfo(t('service.nothingToSave'), t('serviceView.nothingToSaveText'));
      return;
    }
    setSaving(true);
    try {
      const saved = await updateService(service.id, { weighting: changes, version: service.version });
      store(saved);
      setEdits({});
      notifySuccess(t('service.updated'), t('serviceView.weightingSavedText', { score: saved.score }));
    } catch (error) {
      reportWriteError(error, t('service.cannotSave'), t, {
        onConflict: () => {
          setEdits({});
          reload();
        },
      });
    } finally {
      setSaving(false);
    }
  };

  if (criteria.isPending) return <PageLoader />;
  if (criteria.isError) return <Text role="alert">{t('notifications.somethingWentWrong')}</Text>;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <caption className="visually-hidden">{t('serviceView.tabs.weighting')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('serviceView.criterion')}</Table.Th>
              <Table.Th scope="col">{t('serviceView.answer')}</Table.Th>
              <Table.Th scope="col">{t('serviceView.points')}</Table.Th>
              <Table.Th scope="col">{t('serviceView.factor')}</Table.Th>
              <Table.Th scope="col">{t('serviceView.weightedScore')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ criterion, option, weightedScore }) => {
              const label = localized(criterion.label, language);
              return (
                <Table.Tr key={criterion.key}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td>
                    {editable ? (
                      <NativeSelect
                        aria-label={label}
                        value={option?.key ?? ''}
                        data={[
                          { value: '', label: t('serviceView.notChosen') },
                          ...criterion.options.map((o) => ({ value: o.key, label: localized(o.label, language) })),
                        ]}
                        onChange={(event) => {
                          const value = event.currentTarget.value || null;
                          setEdits((current) => ({ ...current, [criterion.key]: value }));
                        }}
                      />
                    ) : option ? (
                      localized(option.label, language)
                    ) : (
                      <Text span c="dimmed">
                        {t('serviceView.notFilled')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{option ? option.points : '–'}</Table.Td>
                  <Table.Td>{criterion.factor}</Table.Td>
                  <Table.Td>{weightedScore}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={4}>
                {t('serviceView.totalScore')}
              </Table.Th>
              <Table.Td fw={700} aria-live="polite">
                {score}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {editable && (
        <Group>
          <Button onClick={() => void save()} loading={saving}>
            {t('serviceView.saveWeighting')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
