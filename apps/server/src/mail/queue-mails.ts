import { renderMail, routePath } from '@nubes/domain';
import type { Tx } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import type { OutboxMessage } from '../writes/after-commit.js';
import type { MailSite } from '../writes/pipeline.js';

/** Renders each mail in its recipient's language and writes it to the outbox, inside the change's transaction. */
export const queueMails = async (tx: Tx, site: MailSite, mails: readonly OutboxMessage[]): Promise<void> => {
  const settingsLink = `${site.publicUrl}${routePath('mailSettings')}`;
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
