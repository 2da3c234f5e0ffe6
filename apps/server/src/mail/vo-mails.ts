import { routePath, VO_MAIL_REVIEWERS, type VoAction, type VoState } from '@nubes/domain';
import type { Tx } from '../db/client.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import { mailsTo, reachableUsers } from './service-mails.js';

export interface VoMailEvent {
  vo: { id: string; name: string; applicantId: string; deputyId: string | null };
  /** Who acted: never mailed about their own step. */
  actor: { id: string; name: string };
  action: VoAction;
  state: VoState;
  comment?: string;
  entitlement?: string;
}

/**
 * The mails of a VO's workflow step (docs/adr/0040-vo-registration.md): to its applicant and deputy
 * on every step, and to every holder of the roles VO_MAIL_REVIEWERS names for the step (the VO
 * supervisors when it is sent); less the actor, those who switched VO mails off and those without
 * an address. Read in the step's transaction; the command hands them to the pipeline.
 */
export const voMails = async (tx: Tx, event: VoMailEvent): Promise<OutboxMessage[]> => {
  const managers = [event.vo.applicantId, ...(event.vo.deputyId ? [event.vo.deputyId] : [])];
  const roles = [...VO_MAIL_REVIEWERS[event.action]];
  return mailsTo(await reachableUsers(tx, 'voStep', managers, roles), 'voStep', event.actor.id, {
    serviceId: null,
    path: routePath('virtualOrganisation', { id: event.vo.id }),
    content: {
      serviceName: event.vo.name,
      serviceNumber: '',
      actorName: event.actor.name,
      voAction: event.action,
      voState: event.state,
      ...(event.comment ? { comment: event.comment } : {}),
      ...(event.entitlement ? { entitlement: event.entitlement } : {}),
    },
  });
};
