import type { UpdateWeightingCriterion, WeightingCriterionSaved, WeightingSettings } from '@nubes/domain';
import { apiRequest } from '../../../api/client';

export const weightingSettingsKeys = { all: ['weighting-settings'] as const };

export const fetchWeightingSettings = (signal?: AbortSignal) =>
  apiRequest<WeightingSettings>('/api/weighting-settings', { signal });

export const saveWeightingCriterion = (key: string, body: UpdateWeightingCriterion) =>
  apiRequest<WeightingCriterionSaved>(`/api/weighting-settings/${encodeURIComponent(key)}`, { method: 'PUT', body });
