import {
  OFFBOARDING_STATES,
  type RetirementPlan,
  type RetirementPlanRequest,
  type ServiceDetail,
  type ServiceListResponse,
} from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { serviceKeys } from '../../../api/services';

const planPath = (id: string) => `/api/services/${encodeURIComponent(id)}/retirement-plan`;

/** Under the service's key: reloading the service after a step reloads its plan too. */
export const retirementPlanKey = (id: string) => [...serviceKeys.detail(id), 'retirement-plan'] as const;

export const fetchRetirementPlan = (id: string, signal?: AbortSignal) =>
  apiRequest<RetirementPlan>(planPath(id), { signal });

export const saveRetirementPlan = (id: string, body: RetirementPlanRequest) =>
  apiRequest<RetirementPlan>(planPath(id), { method: 'PUT', body });

/** Services of the portfolio the caller sees whose name or service ID matches, for the successor. */
export const searchSuccessors = (q: string, signal?: AbortSignal) =>
  apiRequest<ServiceListResponse>(`/api/services?q=${encodeURIComponent(q)}&sort=name&order=asc&page=1&pageSize=20`, {
    signal,
  });

/** Whether the service's retirement plan is for this caller to see: offboarding or retired, provider side or manager. */
export const showsRetirementPlan = (service: ServiceDetail): boolean =>
  service.permissions.readRetirementPlan && (OFFBOARDING_STATES as readonly string[]).includes(service.state);

/** The service's retirement plan, read only where it is shown. */
export const useRetirementPlan = (service: ServiceDetail) =>
  useQuery({
    queryKey: retirementPlanKey(service.id),
    queryFn: ({ signal }) => fetchRetirementPlan(service.id, signal),
    enabled: showsRetirementPlan(service),
  });
