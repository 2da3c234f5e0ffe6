import type { FieldValues } from './field-types.js';

export const SERVICE_TYPES = ['infrastructure', 'platform', 'software', 'consulting', 'uncategorised'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/**
 * The automatic service type, derived from the answers so nobody keeps it by hand:
 * 1. consulting and training → consulting;
 * 2. compute, storage and network → infrastructure (IaaS);
 * 3. data management, and software that offers an API → platform (PaaS): others build on it;
 * 4. other software and collaboration tools → software (SaaS): people use them directly;
 * 5. no category yet → uncategorised.
 */
export const categoriseService = (values: Readonly<FieldValues>): ServiceType => {
  switch (values.serviceCategory) {
    case 'consulting':
      return 'consulting';
    case 'compute':
    case 'storage':
    case 'network':
      return 'infrastructure';
    case 'data_management':
      return 'platform';
    case 'software':
      return values.apiAvailable === true ? 'platform' : 'software';
    case 'collaboration':
      return 'software';
    default:
      return 'uncategorised';
  }
};
