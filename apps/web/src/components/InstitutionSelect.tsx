import { NativeSelect } from '@mantine/core';
import type { InstitutionRef } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInstitutions, serviceKeys } from '../api/services';

export const institutionLabel = (institution: InstitutionRef): string =>
  institution.abbreviation && institution.abbreviation !== institution.name
    ? `${institution.abbreviation} – ${institution.name}`
    : institution.name;

const useInstitutions = () =>
  useQuery({ queryKey: serviceKeys.institutions, queryFn: fetchInstitutions, staleTime: 5 * 60_000 });

export interface InstitutionSelectProps {
  id?: string;
  label: string;
  description?: ReactNode;
  value: string | null;
  /** The current institution, shown also before (or without) the list. */
  known?: InstitutionRef | null;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
  /** Only these choices are offered (null: none); one left, the select is shown locked. */
  allowed?: (id: string | null) => boolean;
}

/** An institution out of GET /api/institutions; a native select, as the list is short. */
export const InstitutionSelect = ({
  value,
  known,
  onChange,
  allowed = () => true,
  ...rest
}: InstitutionSelectProps) => {
  const { t } = useTranslation();
  const institutions = useInstitutions();
  const items = institutions.data?.items ?? [];
  const options = items.map((institution) => ({ value: institution.id, label: institutionLabel(institution) }));
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: known ? institutionLabel(known) : t('page.loading') });
  }
  const offered = [{ value: '', label: t('serviceView.notChosen') }, ...options].filter(
    (option) => !allowed || option.value === (value ?? '') || allowed(option.value || null),
  );
  return (
    <NativeSelect
      {...rest}
      data={offered}
      disabled={allowed !== undefined && offered.length <= 1}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
    />
  );
};
