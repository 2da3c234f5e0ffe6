import { formatDate, formatDateTime } from '../dates.js';
import { downtimeDescription } from '../downtimes/downtime.js';
import type { DowntimeSeverity } from '../downtimes/downtime.js';
import { translate } from '../i18n/index.js';
import type { Language } from '../i18n/core.js';
import type { ServiceState } from '../services/states.js';
import type { WorkflowAction } from '../services/workflow.js';
import type { VoState } from '../vos/states.js';
import type { VoAction } from '../vos/workflow.js';
import { routeTitleKey, type RouteId } from '../routes.js';
import type { MailKind } from './kinds.js';

/**
 * What a mail about a service says; the server fills it from the change and the service. A VO's step
 * (kind voStep) names the VO in serviceName, with its action, state and, once available, its entitlement.
 */
export interface ServiceMailContent {
  kind: MailKind;
  productName: string;
  serviceName: string;
  /** The human-readable id (SVC-00042). */
  serviceNumber: string;
  actorName: string;
  /** A workflow step: its action and the state it led to. */
  action?: WorkflowAction;
  state?: ServiceState;
  /** A comment's text, quoted in the mail. */
  comment?: string;
  /** A resource package's name, for the mails about one. */
  packageName?: string;
  /** A review decision on a resource package: approved or rejected. */
  decision?: 'approved' | 'rejected';
  /** A VO's step and the state it led to. */
  voAction?: VoAction;
  voState?: VoState;
  /** The VO's entitlement in the AAI, once it is available. */
  entitlement?: string;
  /** A day the mail names (`YYYY-MM-DD`): a pilot's end. */
  date?: string;
  /** A downtime the mail announces or says has started: its kind, times and description (quoted, in the reader's language). */
  downtime?: {
    severity: DowntimeSeverity;
    startsAt: string;
    endsAt: string;
    descriptionEn: string;
    descriptionDe: string;
  };
  /** An access request: the screen asked for, by its title key; none when asked from the home. */
  screen?: RouteId;
  /** The service's screen and the mail settings screen (absolute, from the public address). */
  link: string;
  settingsLink: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
}

/** Subject and plain-text body in the recipient's language, from the catalogues' `mail` section. */
export const renderMail = (language: Language, content: ServiceMailContent): RenderedMail => {
  const params = {
    product: content.productName,
    service: content.serviceName,
    serviceNumber: content.serviceNumber,
    actor: content.actorName,
    action: content.voAction
      ? translate(language, `vos.actions.${content.voAction}`)
      : content.action
        ? translate(language, `workflow.actions.${content.action}`)
        : '',
    state: content.voState
      ? translate(language, `vos.states.${content.voState}`)
      : content.state
        ? translate(language, `serviceStates.${content.state}`)
        : '',
    package: content.packageName ?? '',
    // A calendar day, read at noon so that it is the same day in the alliance's time zone.
    date: content.date ? formatDate(`${content.date}T12:00:00Z`) : '',
    severity: content.downtime ? translate(language, `downtimeLabels.severities.${content.downtime.severity}`) : '',
    // Moments in the alliance's time zone, as the portal shows them everywhere (ADR 0023).
    start: content.downtime ? formatDateTime(content.downtime.startsAt) : '',
    end: content.downtime ? formatDateTime(content.downtime.endsAt) : '',
    decision: content.decision ? translate(language, `mail.decisions.${content.decision}`) : '',
    screen: content.screen
      ? translate(language, routeTitleKey(content.screen) ?? 'mail.anyScreen')
      : translate(language, 'mail.anyScreen'),
  };
  // A reviewer may not see the service: their mail leads to the review list instead.
  const open =
    content.kind === 'resourcePackageSubmitted'
      ? 'mail.openReviewList'
      : content.kind === 'voStep'
        ? 'vos.mail.open'
        : content.kind === 'accessRequested'
          ? 'mail.openUserAccount'
          : content.kind === 'handedOver'
            ? 'mail.openHandedOver'
            : 'mail.openService';
  const description = content.downtime ? downtimeDescription(language, content.downtime) : '';
  const lines = [
    translate(language, `mail.bodies.${content.kind}`, params),
    ...(description ? ['', ...description.split('\n').map((line) => `> ${line}`)] : []),
    ...(content.entitlement ? [translate(language, 'vos.mail.entitlement', { entitlement: content.entitlement })] : []),
    ...(content.comment ? ['', ...content.comment.split('\n').map((line) => `> ${line}`)] : []),
    '',
    translate(language, open, { link: content.link }),
    '',
    '-- ',
    translate(language, 'mail.footer', { product: content.productName, link: content.settingsLink }),
  ];
  return { subject: translate(language, `mail.subjects.${content.kind}`, params), text: lines.join('\n') };
};
