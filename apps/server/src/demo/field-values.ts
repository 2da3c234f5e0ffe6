import {
  APPLICATION_FIELDS,
  FIELDS_BY_KEY,
  VALIDATION_STEPS,
  type FieldValues,
  type ServiceState,
  type FieldStep,
} from '@nubes/domain';
import { passedStep } from './workflow-path.js';

/** What distinguishes one demo service from another; everything else follows from it and its centre. */
export interface ServiceProfile {
  /** Host label: the service lives at https://<slug>.<centre domain>. */
  slug: string;
  shortDescription: string;
  description: string;
  motivation: string;
  category: 'compute' | 'storage' | 'network' | 'data_management' | 'software' | 'collaboration' | 'consulting';
  targetGroup?: readonly string[];
  /** Offers an API (turns software into a platform, see categoriseService). */
  api?: boolean;
  licence?: 'open_source' | 'proprietary' | 'mixed';
  /** Public repository of the software, for open-source services. */
  sourceCodeUrl?: string;
  currentUsers: number;
  quota?: string;
  authentication?: 'federated_aai' | 'local_accounts' | 'none';
  requiresVo?: boolean;
  costs?: 'free' | 'cost_recovery' | 'paid';
  availability?: 'best_effort' | 'business_hours' | '24x7';
  supportHours?: 'business_hours' | 'extended' | '24x7';
  responseTime?: '4h' | '1d' | '3d';
  certifications?: readonly string[];
  limitations?: string;
  backups?: string;
}

export interface FieldRefs {
  /** The provider's home domain, e.g. hpc-north.example. */
  domain: string;
  /** The user id of the technical contact. */
  contactId: string;
  /** ISO date of the planned start. */
  plannedStart: string;
}

const HOW_TO_GET_ACCESS: Record<NonNullable<ServiceProfile['authentication']>, string> = {
  federated_aai:
    'Log in with your home institution account through the alliance AAI. Your account is created on the first login; ' +
    'projects and larger quotas are requested through the registration form.',
  local_accounts:
    'Request an account through the registration form. The support team creates it within two business days and ' +
    'sends the access details by e-mail.',
  none: 'The service is open; no login is needed for reading. Contributors request write access from the support team.',
};

/**
 * Every field of the catalogue, filled the way the centre would fill it in. The values pass the
 * catalogue's format checks; which of them a service has depends on its state (fieldsForState).
 */
export const completeFieldValues = (profile: ServiceProfile, refs: FieldRefs): FieldValues => {
  const { slug } = profile;
  const { domain } = refs;
  const authentication = profile.authentication ?? 'federated_aai';
  const values: FieldValues = {
    shortDescription: profile.shortDescription,
    description: profile.description,
    serviceCategory: profile.category,
    targetGroup: [...(profile.targetGroup ?? ['researchers'])],
    website: `https://www.${domain}/services/${slug}`,
    accessUrl: `https://${slug}.${domain}`,
    howToGetAccess: HOW_TO_GET_ACCESS[authentication],
    authentication,
    requiresVo: profile.requiresVo ?? false,
    registrationUrl: `https://www.${domain}/services/${slug}/register`,
    limitations:
      profile.limitations ??
      'Open to members of the alliance for research and teaching; not for commercial use or personal data of patients.',
    costs: profile.costs ?? 'free',
    availability: profile.availability ?? 'business_hours',
    maintenanceWindow: 'First Tuesday of the month, 08:00–10:00',
    backups:
      profile.backups ??
      'Nightly incremental and weekly full backups to a second site, kept for 30 days. Restores on request.',
    documentationUrl: `https://docs.${domain}/${slug}`,
    supportEmail: `${slug}-support@${domain}`,
    statusPageUrl: `https://status.${domain}`,
    trainingUrl: `https://training.${domain}/${slug}`,
    motivation: profile.motivation,
    currentUsers: profile.currentUsers,
    plannedStart: refs.plannedStart,
    serviceHost: `${slug}.${domain}`,
    integrationRequirements:
      'AAI attributes: eduPersonPrincipalName, mail, eduPersonEntitlement. Monitoring from the alliance network on port 443.',
    apiAvailable: profile.api ?? false,
    monitoringUrl: `https://${slug}.${domain}/health`,
    dataLocation: 'germany',
    gdprCompliant: true,
    privacyPolicyUrl: `https://www.${domain}/privacy/${slug}`,
    securityContact: `security@${domain}`,
    announcementChannel: 'mailing_list',
    mailingList: `${slug}-users@lists.${domain}`,
    technicalContact: refs.contactId,
    supportHours: profile.supportHours ?? 'business_hours',
    responseTime: profile.responseTime ?? '1d',
    licence: profile.licence ?? 'open_source',
    termsOfUseUrl: `https://www.${domain}/terms/${slug}`,
  };
  if (profile.quota) values.quota = profile.quota;
  if (profile.certifications?.length) values.certifications = [...profile.certifications];
  if (profile.sourceCodeUrl) values.sourceCodeUrl = profile.sourceCodeUrl;
  return values;
};

/** Fields still being written while a service sits in its draft states. */
const STILL_OPEN_IN_DRAFT = ['backups', 'securityContact', 'licence', 'supportHours', 'announcementChannel'];
const STILL_OPEN_IN_APPLICATION_DRAFT = ['motivation', 'currentUsers'];

const keep = (values: FieldValues, keys: (key: string) => boolean): FieldValues =>
  Object.fromEntries(Object.entries(values).filter(([key]) => keys(key)));

const requiredFrom = (key: string): FieldStep | null => FIELDS_BY_KEY.get(key)?.requiredFrom ?? null;

const requiredBy = (key: string, step: FieldStep): boolean => {
  const from = requiredFrom(key);
  return from !== null && VALIDATION_STEPS.indexOf(from) <= VALIDATION_STEPS.indexOf(step);
};

/**
 * The values a service in `state` has: what the provider had to give on the way there, plus what
 * is typically filled in already. They pass validateForStep(passedStep(state)).
 * `unfinished` leaves some fields of a draft open (a draft that would not pass its next gate yet);
 * it changes nothing in the other states.
 */
export const fieldsForState = (complete: FieldValues, state: ServiceState, unfinished = false): FieldValues => {
  const applicationKeys = new Set([...APPLICATION_FIELDS.map((f) => f.key), 'website']);
  const application = keep(complete, (key) => applicationKeys.has(key));
  if (state === 'service_information_draft' || state === 'service_offer_withdrawn') {
    // The service information is being written (or was, when the offer was withdrawn).
    const written = keep(complete, (key) => applicationKeys.has(key) || requiredBy(key, 'serviceInformation'));
    return unfinished || state === 'service_offer_withdrawn'
      ? keep(written, (key) => !STILL_OPEN_IN_DRAFT.includes(key))
      : written;
  }
  const step = passedStep(state);
  if (step === null || step === 'application')
    return unfinished && step === null
      ? keep(application, (key) => !STILL_OPEN_IN_APPLICATION_DRAFT.includes(key))
      : application;
  // Card and online details come with the integration.
  if (step === 'serviceInformation')
    return keep(complete, (key) => requiredFrom(key) !== 'serviceCard' && requiredFrom(key) !== 'online');
  return { ...complete };
};
