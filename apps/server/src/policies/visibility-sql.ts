import {
  assuming,
  changeRequestVisibilityRule,
  PROVIDER_SIDE_RULE,
  resourcePackageVisibilityRule,
  serviceVisibilityRule,
  voVisibilityRule,
  type Principal,
  type ResourcePackageFact,
  type Rule,
  type ServiceFact,
  type VoFact,
} from '@nubes/domain';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ruleSql } from '../db/rule-sql.js';
import { changeRequests, resourcePackages, serviceAdmins, services, vos } from '../db/schema.js';

/**
 * The domain's visibility rules as SQL conditions over the `services` row of a query (joined
 * under that name), for the lists: the same rule serviceRelation and canSeeService apply to one
 * service (policies/service-policy.ts); visibility-sql.test.ts compares both. A relation to a
 * missing person compares with NULL and so is no relation; only non-null columns stand under a NOT.
 * A list that needs the caller's relation to its page's services selects these facts too.
 */
export const serviceFactsSql = (callerId: string): Record<ServiceFact, SQL> => ({
  isObjectOwner: eq(services.objectOwnerId, callerId),
  isServiceOwner: eq(services.serviceOwnerId, callerId),
  // The caller's services as an array read once (an InitPlan), not an EXISTS per row: `id = any(…)`
  // is an index condition, so a rule that ORs the facts reads the five indexes of the relations
  // (a BitmapOr) instead of walking every service (docs/adr/0101-dashboard-reads-indexes.md).
  isAdmin: sql`${services.id} = any(array(select ${serviceAdmins.serviceId} from ${serviceAdmins} where ${serviceAdmins.userId} = ${callerId}))`,
  isServiceManager: eq(services.serviceManagerId, callerId),
  isProviderManager: eq(services.providerManagerId, callerId),
  isDraft: eq(services.state, 'application_draft'),
});

/**
 * The caller's relation to the `services` row as SQL booleans, each never NULL, for a query that
 * hands them to the domain's rules per row (the dashboard builds a ServiceRelation of them).
 */
export const serviceRelationFlagsSql = (principal: Principal) => {
  const facts = serviceFactsSql(principal.id);
  const flag = (condition: SQL) => sql<boolean>`coalesce(${condition}, false)`;
  return {
    isObjectOwner: flag(facts.isObjectOwner),
    isServiceOwner: flag(facts.isServiceOwner),
    isAdmin: flag(facts.isAdmin),
    isServiceManager: flag(facts.isServiceManager),
    isProviderManager: flag(facts.isProviderManager),
    hasServiceManager: sql<boolean>`(${services.serviceManagerId} is not null)`,
  };
};

/** The services the caller may see. */
export const visibleServicesSql = (principal: Principal): SQL =>
  ruleSql(serviceVisibilityRule(principal.roles), serviceFactsSql(principal.id));

/** The services the caller is provider side of (My Services). */
export const providerSideSql = (principal: Principal): SQL =>
  ruleSql(PROVIDER_SIDE_RULE, serviceFactsSql(principal.id));

/** The resource packages the caller may see, over a query that joins the package's service as `services`. */
export const visibleResourcePackagesSql = (principal: Principal): SQL =>
  ruleSql<ResourcePackageFact>(resourcePackageVisibilityRule(principal.roles), {
    ...serviceFactsSql(principal.id),
    isPackageDraft: eq(resourcePackages.state, 'draft'),
  });

/**
 * A rule over a service's facts as a condition on a row that names its service (`serviceId`): an
 * EXISTS over that service, or none when the rule holds for every service, so a list whose caller
 * sees everything counts its own table alone, without reading a service. The facts are built only
 * for a rule that reads them: building SQL is most of a list request's own CPU
 * (docs/adr/0110-review-and-package-lists-build-less.md).
 */
const ofItsService = <Fact extends string>(
  rule: Rule<Fact>,
  facts: () => Readonly<Record<Fact, SQL>>,
  serviceId: AnyPgColumn,
): SQL | undefined =>
  rule === true
    ? undefined
    : sql`exists (select 1 from ${services} where ${services.id} = ${serviceId} and ${ruleSql(rule, facts())})`;

/**
 * Of the packages past their draft, those the caller may see, as a condition on resource_packages
 * alone: none for the reviewers, who see every one of them.
 */
export const visibleSubmittedPackagesSql = (principal: Principal): SQL | undefined =>
  ofItsService<ResourcePackageFact>(
    assuming(resourcePackageVisibilityRule(principal.roles), { isPackageDraft: false }),
    () => ({ ...serviceFactsSql(principal.id), isPackageDraft: sql`false` }),
    resourcePackages.serviceId,
  );

/** The change requests the caller may see, as a condition on change_requests alone. */
export const visibleChangeRequestsOfServiceSql = (principal: Principal): SQL | undefined =>
  ofItsService(
    changeRequestVisibilityRule(principal.roles),
    () => serviceFactsSql(principal.id),
    changeRequests.serviceId,
  );

/** The change requests the caller may see, over a query that joins the request's service as `services`. */
export const visibleChangeRequestsSql = (principal: Principal): SQL =>
  ruleSql(changeRequestVisibilityRule(principal.roles), serviceFactsSql(principal.id));

/** The VOs the caller may read. */
export const visibleVosSql = (principal: Principal): SQL =>
  ruleSql<VoFact>(voVisibilityRule(principal.roles), {
    isVoManager: sql`(${or(eq(vos.applicantId, principal.id), eq(vos.deputyId, principal.id))})`,
  });
