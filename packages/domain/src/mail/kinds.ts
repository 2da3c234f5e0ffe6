import type { Role } from '../roles.js';
import { isOneOf } from '../one-of.js';
import type { WorkflowAction } from '../services/workflow.js';

/**
 * The kinds of mail the portal sends; each user may switch off each kind for themselves. The
 * change-request and review kinds are sent by their commands (serviceMails on the server).
 */
export const MAIL_KINDS = [
  'workflowStep',
  'changeRequestHandedIn',
  'changeRequestReleased',
  'changeRequestApplied',
  'reviewStarted',
  'reviewReminder',
  'pilotNotice',
  'commentAdded',
  'resourcePackageSubmitted',
  'resourcePackageDecided',
  'voStep',
  'accessRequested',
  'handedOver',
  'downtimeAnnounced',
  'downtimeStarted',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

export const isMailKind = isOneOf(MAIL_KINDS);

const SPM: readonly Role[] = ['servicePortfolioManager'];
const SIM: readonly Role[] = ['serviceIntegrationManager'];
const NONE: readonly Role[] = [];
const RPM: readonly Role[] = ['resourcePackageManager'];
const PORTAL_MANAGEMENT: readonly Role[] = ['portalManager'];

/**
 * Managers whose work comes next after a workflow step (docs/domain.md#service-workflow): the
 * portfolio manager decides applications and service information and brings services online,
 * the integration manager takes a service from "ready for integration" to "integration completed".
 * Withdrawals go to the portfolio manager, who alone can reactivate an offer.
 */
const WORKFLOW_NEXT_MANAGERS: Record<WorkflowAction, readonly Role[]> = {
  withdrawApplication: SPM,
  completeApplication: SPM,
  backToDraft: NONE,
  backToApplicationDraft: NONE,
  planService: NONE,
  backToApplicationReceived: SPM,
  withdrawServiceOffer: SPM,
  backToServiceInformationDraft: NONE,
  submitServiceInformation: SPM,
  backToServiceInformationReceived: SPM,
  readyForIntegration: SIM,
  integrationPlanned: SIM,
  integrationInProgress: SIM,
  serviceCardReview: SIM,
  integrationCompleted: SPM,
  online: NONE,
  notAvailable: NONE,
  fullCapacityReached: NONE,
  discontinue: NONE,
  retire: NONE,
};

export interface MailRecipientRule {
  /** Object owner, service owner, further admins and the service manager of the service. */
  providerSide: boolean;
  /** Every user holding one of these roles; for a workflow step, by the step's action. */
  managers: readonly Role[] | Record<WorkflowAction, readonly Role[]>;
}

/**
 * Who gets which mail: the one table (docs/adr/0027-mail-outbox.md). The actor never gets a mail
 * about their own action, and nobody gets a kind they switched off or a mail without an address.
 */
export const MAIL_RECIPIENTS: Record<MailKind, MailRecipientRule> = {
  workflowStep: { providerSide: true, managers: WORKFLOW_NEXT_MANAGERS },
  // The portfolio manager decides per field and releases.
  changeRequestHandedIn: { providerSide: true, managers: SPM },
  // Released values wait for the portfolio manager to apply them.
  changeRequestReleased: { providerSide: true, managers: SPM },
  // Applied values change the service card the integration manager keeps.
  changeRequestApplied: { providerSide: true, managers: SIM },
  // The provider side confirms the service or hands in a change request.
  reviewStarted: { providerSide: true, managers: NONE },
  // A review still unanswered 14 and 28 days after it started (docs/adr/0116-reviews-on-a-schedule.md).
  reviewReminder: { providerSide: true, managers: NONE },
  // A pilot ends in 6 or 3 months: its provider side and the portfolio manager, who decides (docs/adr/0121-pilot-services.md).
  pilotNotice: { providerSide: true, managers: SPM },
  // Those who discuss a service: the provider side and both managers.
  commentAdded: { providerSide: true, managers: [...SPM, ...SIM] },
  // A submitted resource package waits for its reviewers; the provider side submitted it.
  resourcePackageSubmitted: { providerSide: false, managers: RPM },
  // The decision goes back to the provider side (and whoever submitted it, named by the command).
  resourcePackageDecided: { providerSide: true, managers: NONE },
  // A VO's step goes to its applicant and deputy; the supervisors get the sent ones (VO_MAIL_REVIEWERS).
  voStep: { providerSide: false, managers: NONE },
  // A person asks for access: the portal management gives roles in User Accounts.
  accessRequested: { providerSide: false, managers: PORTAL_MANAGEMENT },
  // What a gone person held goes to the people who receive it, named by the handover (docs/adr/0123-people-who-leave.md).
  handedOver: { providerSide: false, managers: NONE },
  // A service's downtimes go to those who subscribed to them, named by the command (docs/adr/0124-announced-downtimes.md).
  downtimeAnnounced: { providerSide: false, managers: NONE },
  downtimeStarted: { providerSide: false, managers: NONE },
};

/** The manager roles a mail of this kind goes to; a workflow step names its action. */
export const mailManagerRoles = (kind: MailKind, action?: WorkflowAction): readonly Role[] => {
  const { managers } = MAIL_RECIPIENTS[kind];
  if (Array.isArray(managers)) return managers;
  return action ? (managers as Record<WorkflowAction, readonly Role[]>)[action] : NONE;
};
