import { expect } from '@playwright/test';
import { mailboxURL } from './playwright.config.js';

export interface ArrivedMail {
  to: string[];
  subject: string;
  raw: string;
}

/** What the test SMTP server (mail-sink.mjs) accepted so far. */
export const arrivedMails = async (): Promise<ArrivedMail[]> => {
  const response = await fetch(`${mailboxURL}/mails`);
  return (await response.json()) as ArrivedMail[];
};

/**
 * Waits until a mail to `address` whose subject contains every part (a text, or a pattern it
 * matches) arrived (the outbox sends after the commit).
 */
export const expectMailArrives = async (
  address: string,
  ...subjectParts: (string | RegExp)[]
): Promise<ArrivedMail> => {
  let found: ArrivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await arrivedMails()).find(
          (mail) =>
            mail.to.includes(address) &&
            subjectParts.every((part) =>
              typeof part === 'string' ? mail.subject.includes(part) : part.test(mail.subject),
            ),
        );
        return found !== undefined;
      },
      { timeout: 20_000, message: `a mail to ${address} about ${subjectParts.join(', ')}` },
    )
    .toBe(true);
  return found!;
};
