import type { ChangeRequestState, ServiceState } from '@nubes/domain';
import type { changeRequestFields, changeRequests } from '../db/schema.js';
import type { LoadedService } from './service.js';

export type ChangeRequestRow = typeof changeRequests.$inferSelect;
export type ChangeRequestFieldRow = typeof changeRequestFields.$inferSelect;

/** A change request with its fields, as commands answer it and presenters shape it. */
export interface ChangeRequestSnapshot {
  row: ChangeRequestRow;
  fields: ChangeRequestFieldRow[];
}

/** A change request locked for a change, with its service (also locked) and the caller's relation to it. */
export interface LoadedChangeRequest extends ChangeRequestSnapshot {
  service: LoadedService;
}

/** A row of the Change Request List as a page shows it: the request with its service and author. */
export interface ChangeRequestSummaryRow {
  id: string;
  state: ChangeRequestState;
  fromIntegrationManager: boolean;
  createdAt: Date;
  updatedAt: Date;
  serviceUuid: string;
  serviceId: string;
  serviceName: string;
  serviceState: ServiceState;
  authorName: string;
  fieldCount: number;
}
