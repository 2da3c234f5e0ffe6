/** A policy document of the AAI that a VO's managers accept before sending the application. */
export interface AaiPolicyDocument {
  name: string;
  url: string;
}

/**
 * The AAI's policy documents when the server is not told otherwise (VO_AAI_POLICIES in the README): the
 * community's public baseline documents a VO in a research AAI commits to.
 */
export const DEFAULT_AAI_POLICY_DOCUMENTS: readonly AaiPolicyDocument[] = [
  {
    name: 'WISE Baseline Acceptable Use Policy and Conditions of Use',
    url: 'https://wise-community.org/wise-baseline-aup/',
  },
  { name: 'REFEDS Security Incident Response Trust Framework (Sirtfi)', url: 'https://refeds.org/sirtfi' },
  { name: 'REFEDS Data Protection Code of Conduct', url: 'https://refeds.org/category/code-of-conduct' },
];
