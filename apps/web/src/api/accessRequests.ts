import type { AccessRequest, AccessRequestAnswer } from '@nubes/domain';
import { apiRequest } from './client';

/** Asks the portal management for access (POST /api/access-requests); answers how many it reached by mail. */
export const postAccessRequest = (body: AccessRequest): Promise<AccessRequestAnswer> =>
  apiRequest('/api/access-requests', { method: 'POST', body });
