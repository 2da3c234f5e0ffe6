import type { IdpGroup } from '@nubes/domain';

/** What a federated login tells about the person, as the relying party read it from the ID token. */
export interface SsoClaims {
  issuer: string;
  sub: string;
  preferredUsername?: string | undefined;
  name?: string | undefined;
  email?: string | undefined;
  entitlements?: unknown;
  /** schac_home_organization: the home organisation's domain, matched to an institution. */
  organisation?: string | undefined;
  /** The groups the entitlements name (ADR 0038); replaced at every login like the mapped roles. */
  groups?: IdpGroup[] | undefined;
  /**
   * The account's status at its home organisation (voperson_status): present and not `active`, the
   * account is no longer valid and the person is marked gone (docs/adr/0123-people-who-leave.md).
   */
  accountStatus?: string | undefined;
}
