import type { RetirementSuccessor, ServiceSummary } from '@nubes/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect, type SearchSource } from '../../../components/SearchSelect';
import { searchSuccessors } from './api';

type Choice = Pick<RetirementSuccessor, 'id' | 'serviceId' | 'name'> & { state?: ServiceSummary['state'] };

const choiceLabel = (service: Choice) => `${service.name} (${service.serviceId})`;

const PORTFOLIO: SearchSource<Choice> = {
  key: (q) => ['retirement-successors', q],
  search: searchSuccessors,
};

export interface SuccessorSelectProps {
  id: string;
  label: string;
  description?: ReactNode;
  /** The picked service's id, or null. */
  value: string | null;
  /** The successor the saved plan names, so its name shows before any search. */
  known: RetirementSuccessor | null;
  /** The service being retired: it cannot succeed itself. */
  excludeId: string;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
}

/**
 * Picks the successor from the portfolio the caller sees (the portfolio's search, by name or
 * service ID, from two characters on); retired services and the service itself are not offered.
 * The server checks the same.
 */
export const SuccessorSelect = ({ excludeId, onChange, ...props }: SuccessorSelectProps) => {
  const { t } = useTranslation();
  return (
    <SearchSelect
      {...props}
      placeholder={t('retirementPlan.hints.searchSuccessor')}
      source={PORTFOLIO}
      labelOf={choiceLabel}
      offers={(service) => service.id !== excludeId && service.state !== 'service_retired'}
      onChange={(service) => onChange(service?.id ?? null)}
    />
  );
};
