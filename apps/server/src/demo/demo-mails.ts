import {
  renderMail,
  routePath,
  type Language,
  type MailKind,
  type ServiceMailContent,
  type ServiceState,
  type WorkflowAction,
} from '@nubes/domain';
import type { Tx } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { DEMO_ACCOUNTS } from '../dev-idp/accounts.js';

const HOUR_MS = 3_600_000;
const DEMO_SITE = { productName: 'Nubes', publicUrl: 'http://localhost:8080' };

/** A workflow step's mail content (kept apart from audit events, whose `action` names differ). */
const step = (action: WorkflowAction, state: ServiceState) => ({ action, state });

interface DemoMail {
  to: string;
  language: Language;
  kind: MailKind;
  content: Partial<ServiceMailContent>;
  state: 'pending' | 'sent' | 'failed';
  tries: number;
  lastError?: string;
  ageHours: number;
}

/** One of each state the admin panel shows: sent, waiting for a retry, waiting for its first try, given up. */
const DEMO_MAILS: readonly DemoMail[] = [
  {
    to: 'paula',
    language: 'en',
    kind: 'workflowStep',
    content: { ...step('completeApplication', 'application_received'), actorName: 'Alice Adler' },
    state: 'sent',
    tries: 1,
    ageHours: 50,
  },
  {
    to: 'alice',
    language: 'de',
    kind: 'commentAdded',
    content: { actorName: 'Paula Peters', comment: 'Please add the SLA document.' },
    state: 'pending',
    tries: 2,
    lastError: 'Connection timeout',
    ageHours: 5,
  },
  {
    to: 'ivan',
    language: 'en',
    kind: 'workflowStep',
    content: { ...step('readyForIntegration', 'ready_for_integration'), actorName: 'Paula Peters' },
    state: 'pending',
    tries: 0,
    ageHours: 1,
  },
  {
    to: 'bob',
    language: 'en',
    kind: 'workflowStep',
    content: { ...step('online', 'service_online'), actorName: 'Paula Peters' },
    state: 'failed',
    tries: 8,
    lastError: '550 5.1.1 <bob@datacenter-south.example>: Recipient address rejected: User unknown',
    ageHours: 30,
  },
];

/** A few mails in the outbox, so the admin panel shows each state; never sent (their addresses are made up). */
export const seedDemoMails = async (tx: Tx, serviceIds: Map<string, string>, now: Date): Promise<void> => {
  const [serviceName, serviceId] = [...serviceIds.entries()][0] ?? [];
  if (!serviceName || !serviceId) return;
  await tx.insert(mailOutbox).values(
    DEMO_MAILS.map((mail) => {
      const account = DEMO_ACCOUNTS.find((a) => a.username === mail.to)!;
      const rendered = renderMail(mail.language, {
        kind: mail.kind,
        productName: DEMO_SITE.productName,
        serviceName,
        serviceNumber: 'SVC-00001',
        actorName: '',
        ...mail.content,
        link: `${DEMO_SITE.publicUrl}${routePath('service', { id: serviceId })}`,
        settingsLink: `${DEMO_SITE.publicUrl}${routePath('mailSettings')}`,
      });
      const createdAt = new Date(now.getTime() - mail.ageHours * HOUR_MS);
      return {
        kind: mail.kind,
        toAddress: account.email,
        subject: rendered.subject,
        body: rendered.text,
        serviceId,
        state: mail.state,
        tries: mail.tries,
        lastError: mail.lastError ?? null,
        createdAt,
        // Pending demo mails wait far ahead: a portal started with SMTP_URL does not mail made-up addresses.
        nextAttemptAt: new Date(now.getTime() + 365 * 24 * HOUR_MS),
        sentAt: mail.state === 'sent' ? new Date(createdAt.getTime() + 60_000) : null,
      };
    }),
  );
};
