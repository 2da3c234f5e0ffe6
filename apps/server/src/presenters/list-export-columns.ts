import {
  formatDateTime,
  translate,
  type ChangeRequestSummary,
  type ContactRow,
  type InstitutionDetail,
  type Language,
  type PilotRow,
  formatDate,
  type ResourcePackageReviewRow,
  type ReviewListItem,
  type ServiceSummary,
  type UserAccountRow,
  type VoListItem,
} from '@nubes/domain';
import type { ExportColumn } from '../http/list-export.js';

/**
 * The columns of each list's CSV export (http/list-export.ts), over the rows the list answers: the
 * screen's column headers, states and roles in words, dates as the portal shows them.
 */

const yesNo = (value: boolean, language: Language) =>
  translate(language, value ? 'institutionAdmin.yes' : 'institutionAdmin.no');

export const SERVICE_EXPORT_COLUMNS: readonly ExportColumn<ServiceSummary>[] = [
  { header: 'serviceExport.serviceId', value: (r) => r.serviceId },
  { header: 'serviceExport.name', value: (r) => r.name },
  { header: 'serviceExport.state', value: (r, l) => translate(l, `serviceStates.${r.state}`) },
  { header: 'serviceExport.provider', value: (r) => r.providerInstitution?.name },
  { header: 'serviceExport.serviceType', value: (r, l) => translate(l, `serviceTypes.${r.serviceType}`) },
  { header: 'serviceExport.score', value: (r) => r.score },
  { header: 'serviceExport.keywords', value: (r) => r.keywords.join(', ') },
  { header: 'serviceExport.shortDescription', value: (r) => r.shortDescription },
  { header: 'serviceExport.updatedAt', value: (r) => formatDateTime(r.updatedAt) },
  { header: 'serviceExport.onlineSince', value: (r) => formatDateTime(r.onlineSince) },
];

export const CONTACT_EXPORT_COLUMNS: readonly ExportColumn<ContactRow>[] = [
  { header: 'contacts.lastname', value: (r) => r.lastname },
  { header: 'contacts.firstname', value: (r) => r.firstname },
  { header: 'contacts.email', value: (r) => r.email },
  { header: 'contacts.institution', value: (r) => r.institution?.abbreviation ?? r.otherInstitution },
  { header: 'contacts.city', value: (r) => r.city },
  {
    header: 'contacts.properties',
    value: (r, l) => r.propertyKinds.map((kind) => translate(l, `contactProperties.${kind}`)).join(', '),
  },
  { header: 'contacts.updatedAt', value: (r) => formatDateTime(r.updatedAt) },
];

export const VO_EXPORT_COLUMNS: readonly ExportColumn<VoListItem>[] = [
  { header: 'vos.fields.name', value: (r) => r.name },
  { header: 'voScreens.state', value: (r, l) => translate(l, `vos.states.${r.state}`) },
  { header: 'vos.fields.applicant', value: (r) => r.applicant },
  { header: 'listExport.deputy', value: (r) => r.deputy },
  { header: 'vos.fields.entitlement', value: (r) => r.entitlement },
  { header: 'voScreens.lastEdit', value: (r) => formatDateTime(r.updatedAt) },
];

export const INSTITUTION_EXPORT_COLUMNS: readonly ExportColumn<InstitutionDetail>[] = [
  { header: 'institutionAdmin.abbreviation', value: (r) => r.abbreviation },
  { header: 'institutionAdmin.name', value: (r) => r.name },
  { header: 'institutionAdmin.description', value: (r) => r.description },
  { header: 'institutionAdmin.url', value: (r) => r.url },
  { header: 'institutionAdmin.isCentre', value: (r, l) => yesNo(r.isCentre, l) },
  { header: 'institutionAdmin.isServiceProvider', value: (r, l) => yesNo(r.isServiceProvider, l) },
];

export const USER_ACCOUNT_EXPORT_COLUMNS: readonly ExportColumn<UserAccountRow>[] = [
  { header: 'userAccounts.columns.fullname', value: (r) => r.fullname },
  { header: 'userAccounts.columns.username', value: (r) => r.username },
  { header: 'userAccounts.columns.email', value: (r) => r.email },
  { header: 'userAccounts.columns.institution', value: (r) => r.institution?.abbreviation },
  {
    header: 'userAccounts.columns.roles',
    value: (r, l) => r.roles.map((role) => translate(l, `userAccounts.roles.${role}`)).join(', '),
  },
  {
    header: 'listExport.idpRoles',
    value: (r, l) => r.entitlementRoles.map((role) => translate(l, `userAccounts.roles.${role}`)).join(', '),
  },
  { header: 'userAccounts.columns.lastLoginAt', value: (r) => formatDateTime(r.lastLoginAt) },
];

export const REVIEW_EXPORT_COLUMNS: readonly ExportColumn<ReviewListItem>[] = [
  { header: 'reviews.columns.serviceId', value: (r) => r.serviceId },
  { header: 'reviews.columns.name', value: (r) => r.name },
  { header: 'reviews.columns.provider', value: (r) => r.providerInstitution?.name },
  { header: 'reviews.columns.state', value: (r, l) => translate(l, `serviceStates.${r.state}`) },
  { header: 'reviews.columns.status', value: (r, l) => translate(l, `reviews.statuses.${r.review.status}`) },
  { header: 'reviews.columns.startedAt', value: (r) => formatDateTime(r.review.startedAt) },
  { header: 'reviews.columns.answeredBy', value: (r) => r.review.answeredBy },
];

export const CHANGE_REQUEST_EXPORT_COLUMNS: readonly ExportColumn<ChangeRequestSummary>[] = [
  { header: 'changeRequests.service', value: (r) => r.service.name },
  { header: 'serviceView.serviceId', value: (r) => r.service.serviceId },
  { header: 'changeRequests.state', value: (r, l) => translate(l, `changeRequests.states.${r.state}`) },
  {
    header: 'changeRequests.origin',
    value: (r, l) =>
      translate(l, r.fromIntegrationManager ? 'changeRequests.fromIntegrationManager' : 'changeRequests.fromProvider'),
  },
  { header: 'changeRequests.author', value: (r) => r.author },
  { header: 'changeRequests.fields', value: (r) => r.fieldCount },
  { header: 'changeRequests.created', value: (r) => formatDateTime(r.createdAt) },
  { header: 'changeRequests.updated', value: (r) => formatDateTime(r.updatedAt) },
];

export const RESOURCE_PACKAGE_EXPORT_COLUMNS: readonly ExportColumn<ResourcePackageReviewRow>[] = [
  { header: 'resourcePackageReview.columns.package', value: (r) => r.name },
  { header: 'resourcePackageReview.columns.service', value: (r) => r.service.name },
  { header: 'serviceView.serviceId', value: (r) => r.service.serviceId },
  { header: 'resourcePackageReview.columns.provider', value: (r) => r.provider?.name },
  { header: 'resourcePackageReview.columns.type', value: (r, l) => r.type.name[l] },
  { header: 'resourcePackageReview.columns.quota', value: (r) => r.quota },
  { header: 'listExport.unit', value: (r, l) => r.type.quotaUnit[l] },
  {
    header: 'resourcePackageReview.columns.state',
    value: (r, l) => translate(l, `resourcePackages.states.${r.state}`),
  },
  { header: 'resourcePackageReview.columns.submitted', value: (r) => formatDateTime(r.submittedAt) },
  { header: 'listExport.submittedBy', value: (r) => r.submittedBy },
];

/** A calendar day as the portal shows it, read at noon so that it stays the day in the alliance's time zone. */
const day = (value: string) => formatDate(`${value}T12:00:00Z`);

export const PILOT_EXPORT_COLUMNS: readonly ExportColumn<PilotRow>[] = [
  { header: 'pilots.list.columns.service', value: (r) => r.name },
  { header: 'serviceView.serviceId', value: (r) => r.serviceId },
  { header: 'pilots.list.columns.provider', value: (r) => r.provider?.name },
  { header: 'pilots.list.columns.onlineSince', value: (r) => day(r.onlineSince) },
  { header: 'pilots.list.columns.endsOn', value: (r) => day(r.endsOn) },
  {
    header: 'pilots.list.columns.extended',
    value: (r, l) => translate(l, r.extended ? 'pilots.list.yes' : 'pilots.list.no'),
  },
  { header: 'pilots.list.columns.state', value: (r, l) => translate(l, `pilots.states.${r.state}`) },
];
