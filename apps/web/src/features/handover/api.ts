import type { GonePeople, Handover, HandOverRequest } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const handoverKeys = {
  people: ['handover', 'people'] as const,
  person: (id: string) => ['handover', 'person', id] as const,
};

export const fetchGonePeople = (signal?: AbortSignal) => apiRequest<GonePeople>('/api/handover', { signal });

export const fetchHandover = (id: string, signal?: AbortSignal) =>
  apiRequest<Handover>(`/api/handover/${encodeURIComponent(id)}`, { signal });

export const handOver = (id: string, body: HandOverRequest) =>
  apiRequest<{ handedOver: number }>(`/api/handover/${encodeURIComponent(id)}`, { method: 'POST', body });
