/**
 * The texts a VO application shows read-only, by the keys of their parts in the catalogues' `vos`
 * section: the alliance's terms of use (`vos.termsOfUse.<paragraph>`) and the acceptable use policy
 * template every VO's AUP starts from (`vos.aup.<clause>`), modelled on the WISE Baseline AUP
 * (docs/adr/0040-vo-registration.md).
 */
export const VO_TERMS_PARAGRAPHS = [
  'purpose',
  'eligibility',
  'responsibility',
  'members',
  'changes',
  'ending',
] as const;
export type VoTermsParagraph = (typeof VO_TERMS_PARAGRAPHS)[number];

export const VO_AUP_CLAUSES = [
  'purpose',
  'lawful',
  'property',
  'credentials',
  'security',
  'incidents',
  'data',
  'availability',
  'sanctions',
  'liability',
] as const;
export type VoAupClause = (typeof VO_AUP_CLAUSES)[number];
