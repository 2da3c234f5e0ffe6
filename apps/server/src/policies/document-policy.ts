import { canManageDocuments } from '@nubes/domain';
import { conflict, forbidden } from '../http/http-error.js';
import type { LoadedService } from '../model/service.js';

/**
 * Uploading and deleting: the caller must manage the service's documents (provider side, portfolio
 * manager), and the portfolio manager must have activated the area. The right is checked first,
 * so a caller without it learns nothing about the area.
 */
export const assertCanChangeDocuments = (service: LoadedService): void => {
  if (!canManageDocuments(service.relation)) throw forbidden();
  if (!service.row.documentsActive) throw conflict('service.documentsNotActive');
};
