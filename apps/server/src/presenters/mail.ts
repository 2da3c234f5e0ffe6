import { isMailKind, LANGUAGES, type Language, type MailSettings, type OutboxEntry } from '@nubes/domain';
import type { mailOutbox, mailSettings } from '../db/schema.js';

type OutboxRow = typeof mailOutbox.$inferSelect;
type MailSettingsRow = typeof mailSettings.$inferSelect;

/** What the admin panel shows of a mail: never its body. */
export const presentOutboxEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  kind: isMailKind(row.kind) ? row.kind : 'workflowStep',
  to: row.toAddress,
  subject: row.subject,
  state: row.state as OutboxEntry['state'],
  tries: row.tries,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  version: row.version,
});

/** No row yet: version 1 with the defaults (English, every kind on). */
export const presentMailSettings = (row: MailSettingsRow | undefined, email: string): MailSettings => ({
  version: row?.version ?? 1,
  language: (LANGUAGES as readonly string[]).includes(row?.language ?? '') ? (row!.language as Language) : 'en',
  disabledKinds: (row?.disabledKinds ?? []).filter(isMailKind),
  email,
});
