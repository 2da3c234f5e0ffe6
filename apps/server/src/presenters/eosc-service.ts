import { institutionLogoPath, routePath, type EoscService } from '@nubes/domain';
import type { PublicServiceRow } from '../queries/public-service.js';

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * A public service in the EOSC service profile's shape (docs/eosc-mapping.md): only the public
 * fields, each under the profile's element; an empty field leaves its element out. Addresses are
 * absolute, on the portal's public URL.
 */
export const presentEoscService = (row: PublicServiceRow, publicUrl: string): EoscService => {
  const { fields } = row;
  const record: EoscService = {
    id: row.serviceId,
    name: row.name,
    resourceOrganisation: row.provider?.name ?? '',
    webpage: textOf(fields.website) ?? `${publicUrl}${routePath('publicService', { serviceId: row.serviceId })}`,
    description: textOf(fields.description) ?? '',
    tagline: textOf(fields.shortDescription) ?? '',
  };
  const optional: Partial<EoscService> = {
    logo:
      row.provider?.hasLogo === true
        ? `${publicUrl}${institutionLogoPath(row.provider.id, row.provider.version)}`
        : undefined,
    tags: row.keywords.length > 0 ? row.keywords : undefined,
    helpdeskEmail: textOf(fields.supportEmail),
    userManual: textOf(fields.documentationUrl),
    privacyPolicy: textOf(fields.privacyPolicyUrl),
    termsOfUse: textOf(fields.termsOfUseUrl),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(record, { [key]: value });
  return record;
};
