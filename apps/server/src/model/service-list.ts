import type { FieldValue, ServiceState, ServiceType } from '@nubes/domain';

/** The provider institution a list row names (null columns: the service has none). */
export interface ServiceProviderColumns {
  providerId: string | null;
  providerAbbreviation: string | null;
  providerName: string | null;
}

/**
 * What the portfolio lists and their CSV show of one service (queries/service-list.ts reads it
 * page by page). The dashboard's rows have the same columns and more, so one presenter shapes both.
 */
export interface ServiceSummaryRow extends ServiceProviderColumns {
  id: string;
  serviceId: string;
  name: string;
  state: ServiceState;
  shortDescription: string;
  serviceType: ServiceType;
  weightedScore: number;
  /** Keyword names, sorted case-insensitively. */
  keywords: string[];
  updatedAt: Date;
  onlineSince: Date | null;
}

/** A service the Service Field List lists (ADR 30): its whole value in the field, and whether the caller may clear it. */
export interface FieldListedRow extends ServiceProviderColumns {
  id: string;
  serviceId: string;
  name: string;
  state: ServiceState;
  version: number;
  value: FieldValue;
  clearable: boolean;
}
