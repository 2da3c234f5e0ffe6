import type { OutboxEntry } from '@nubes/domain';

/** A sent workflow mail of the outbox; a test overrides what it is about. */
export const outboxMail = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  id: crypto.randomUUID(),
  kind: 'workflowStep',
  to: 'paula@nubes-office.example',
  subject: '[Nubes] Storage: Application Received',
  state: 'sent',
  tries: 1,
  lastError: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  sentAt: '2026-03-01T09:31:00.000Z',
  version: 3,
  ...overrides,
});
