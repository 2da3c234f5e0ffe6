import type { Language, MailKind, ServiceMailContent } from '@nubes/domain';

/**
 * A mail a change sends to one recipient (docs/adr/0027-mail-outbox.md): the pipeline renders it
 * in the recipient's language with the portal's address and writes it to the outbox inside the
 * change's transaction; the outbox worker delivers it after the commit.
 */
export interface OutboxMessage {
  kind: MailKind;
  recipientId: string;
  to: string;
  language: Language;
  /** The service the mail is about; null for a mail about another object (a VO). */
  serviceId: string | null;
  /** What the mail says, without the portal's name and addresses (the pipeline adds them). */
  content: Omit<ServiceMailContent, 'kind' | 'productName' | 'link' | 'settingsLink'>;
  /** The screen the mail links to, a path of the web app. */
  path: string;
}

/** The portal's name and public address, for the subject and the links of mails. */
export interface MailSite {
  productName: string;
  publicUrl: string;
}
