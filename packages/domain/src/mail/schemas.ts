import { z } from 'zod';
import { isOneOf } from '../one-of.js';
import { LANGUAGES } from '../i18n/core.js';
import { msg } from '../i18n/core.js';
import { versionSchema } from '../schemas/services.js';
import { streamPageFields, streamPageSchema } from '../schemas/stream-page.js';
import { MAIL_KINDS } from './kinds.js';

export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'discarded'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const isOutboxState = isOneOf(OUTBOX_STATES);

const isoDateTime = z.string().meta({ format: 'date-time' });
const mailKindSchema = z.enum(MAIL_KINDS, { error: msg('validation.option') });

/** One mail of the outbox as the admin panel lists it; never the body, never SMTP settings. */
export const outboxEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(MAIL_KINDS),
    to: z.string(),
    subject: z.string(),
    state: z.enum(OUTBOX_STATES),
    tries: z.int(),
    lastError: z.string().nullable(),
    createdAt: isoDateTime,
    sentAt: isoDateTime.nullable(),
    version: z.int(),
  })
  .meta({ id: 'OutboxEntry' });
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** A page of the outbox, newest first, and how many mails the filter holds in all. */
export const outboxListSchema = streamPageSchema(outboxEntrySchema)
  .extend({ total: z.int() })
  .meta({ id: 'OutboxList' });
export type OutboxList = z.infer<typeof outboxListSchema>;

/** The outbox of one state or all, a page at a time after the cursor of the page before. */
export const outboxQuerySchema = z
  .object({
    state: z.enum(OUTBOX_STATES, { error: msg('validation.option') }).optional(),
    ...streamPageFields,
  })
  .strict();
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** The caller's own mail settings: the language of their mails and the kinds they switched off. */
export const mailSettingsSchema = z
  .object({
    version: z.int(),
    language: z.enum(LANGUAGES),
    disabledKinds: z.array(z.enum(MAIL_KINDS)),
    /** Where mails go (the address from the identity provider); empty: no mails at all. */
    email: z.string(),
  })
  .meta({ id: 'MailSettings' });
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const mailSettingsRequestSchema = z
  .object({
    version: versionSchema,
    language: z.enum(LANGUAGES, { error: msg('validation.option') }),
    disabledKinds: z.array(mailKindSchema).max(MAIL_KINDS.length),
  })
  .meta({ id: 'MailSettingsRequest' });
export type MailSettingsRequest = z.infer<typeof mailSettingsRequestSchema>;

/** Which states the portal manager can retry a mail from (back to pending) and discard it from (never sent). */
export const OUTBOX_RETRYABLE: readonly OutboxState[] = ['failed', 'discarded'];
export const OUTBOX_DISCARDABLE: readonly OutboxState[] = ['pending', 'failed'];

export const outboxIdParamSchema = z.object({ id: z.uuid({ error: msg('validation.invalid') }) });

/** Retry or discard: the version of the mail as the caller read it (a stale one answers 409). */
export const outboxActionSchema = z.object({ version: versionSchema }).strict().meta({ id: 'OutboxAction' });
export type OutboxActionRequest = z.infer<typeof outboxActionSchema>;
