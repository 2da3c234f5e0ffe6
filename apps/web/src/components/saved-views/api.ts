import type { CreateSavedView, SavedView, SavedViewList, SavedViewListResponse, UpdateSavedView } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (list: SavedViewList) => ['saved-views', list] as const,
};

export const fetchSavedViews = (list: SavedViewList, signal?: AbortSignal) =>
  apiRequest<SavedViewListResponse>(`/api/saved-views?list=${list}`, { signal });

export const createSavedView = (body: CreateSavedView) =>
  apiRequest<SavedView>('/api/saved-views', { method: 'POST', body });

export const updateSavedView = (id: string, body: UpdateSavedView) =>
  apiRequest<SavedView>(`/api/saved-views/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const deleteSavedView = (view: Pick<SavedView, 'id' | 'version'>) =>
  apiRequest<void>(`/api/saved-views/${encodeURIComponent(view.id)}?version=${view.version}`, { method: 'DELETE' });
