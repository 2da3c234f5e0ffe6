import { renderMail, routePath } from '@nubes/domain';
import type { Tx } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import type { MailSite, OutboxMessage } from '../model/outbox-message.js';

// Six values a row: well under PostgreSQL's 65,535 parameters a statement.
const ROWS_PER_INSERT = 5_000;

/** Renders each mail in its recipient's language and writes it to the outbox, inside the change's transaction. */
export const queueMails = async (tx: Tx, site: MailSite, mails: readonly OutboxMessage[]): Promise<void> => {
  const settingsLink = `${site.publicUrl}${routePath('mailSettings')}`;
  for (let from = 0; from < mails.length; from += ROWS_PER_INSERT)
    await insertMails(tx, site, settingsLink, mails.slice(from, from + ROWS_PER_INSERT));
};

const insertMails = async (
  tx: Tx,
  site: MailSite,
  settingsLink: string,
  mails: readonly OutboxMessage[],
): Promise<void> => {
  await tx.insert(mailOutbox).values(
    mails.map((mail) => {
      const rendered = renderMail(mail.language, {
        ...mail.content,
        kind: mail.kind,
        productName: site.productName,
        link: `${site.publicUrl}${mail.path}`,
        settingsLink,
      });
      return {
        kind: mail.kind,
        recipientId: mail.recipientId,
        toAddress: mail.to,
        subject: rendered.subject,
        body: rendered.text,
        serviceId: mail.serviceId,
      };
    }),
  );
};
