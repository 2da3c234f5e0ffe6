import type { Dashboard } from '@nubes/domain';
import { apiRequest } from '../../api/client';

export const dashboardKeys = { mine: ['dashboard'] as const };

/** The caller's home dashboard (GET /api/dashboard). */
export const fetchDashboard = (signal?: AbortSignal): Promise<Dashboard> => apiRequest('/api/dashboard', { signal });
