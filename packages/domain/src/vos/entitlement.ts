/**
 * Where the AAI's group entitlements of the VOs live (AARC-G069): the namespace (a URN namespace the
 * alliance holds at GÉANT) and the authority that issues them. Server configuration, with these defaults
 * (README, VO_ENTITLEMENT_NAMESPACE and VO_ENTITLEMENT_AUTHORITY).
 */
export interface VoEntitlementSettings {
  namespace: string;
  authority: string;
}

export const DEFAULT_VO_ENTITLEMENT: VoEntitlementSettings = {
  namespace: 'nubes.example',
  authority: 'aai.nubes.example',
};

/**
 * The entitlement an available VO has in the AAI, in the AARC-G069 form
 * `urn:geant:<namespace>:group:<VO name>#<authority>`. A VO name holds only letters, digits, `-` and `_`,
 * all of which a URN takes as they are.
 */
export const voEntitlement = (voName: string, settings: VoEntitlementSettings): string =>
  `urn:geant:${settings.namespace}:group:${voName}#${settings.authority}`;
