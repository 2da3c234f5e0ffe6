/**
 * The public address of an institution's logo (docs/adr/0033-institution-logos.md). The version
 * makes a new upload a new address, so a browser's cached copy never outlives the change.
 */
export const institutionLogoPath = (id: string, version: number): string =>
  `/api/institutions/${encodeURIComponent(id)}/logo?v=${version}`;
