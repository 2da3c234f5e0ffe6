import type { Transporter } from 'nodemailer';

/** Sends one mail; resolves when the SMTP server accepted it, rejects with the reason otherwise. */
export interface MailTransport {
  /** `messageId` with its angle brackets; the same for every try of one mail of the outbox. */
  send(mail: { from: string; to: string; subject: string; text: string; messageId: string }): Promise<void>;
  close(): void;
}

/** Connections of the pool; the worker sends at most this many mails at once, none waits in a queue. */
export const SMTP_CONNECTIONS = 4;

/** Timeouts well below the outbox's claim lease, so a hung server never lets a second worker send too. */
const TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * nodemailer over SMTP_URL (smtp:// or smtps://, user and password in the URL). Pooled: a batch of
 * the outbox goes over a few open connections instead of a new connection (and handshake) per mail.
 * nodemailer is loaded at the first mail, not with the server (docs/adr/0066-start-loads-what-it-uses.md).
 */
export const smtpTransport = (smtpUrl: string): MailTransport => {
  let transporter: Promise<Transporter> | undefined;
  const connected = () => (transporter ??= createTransporter(new URL(smtpUrl)));
  return {
    send: async (mail) => {
      await (await connected()).sendMail(mail);
    },
    // A transporter that never opened has nothing to close, and its failure was each send's to report.
    close: () => void transporter?.then((opened) => opened.close()).catch(() => undefined),
  };
};

const createTransporter = async (url: URL): Promise<Transporter> => {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    // A local relay without TLS (development, tests) works; STARTTLS is used whenever offered.
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    ...TIMEOUTS,
  });
  // A pooled connection that fails while idle must never end the process: every send reports its
  // own failure through its promise, which the worker stores as the mail's last error.
  transporter.on('error', () => undefined);
  return transporter;
};

/**
 * The error as it may be stored and shown: one line, no credentials (an SMTP server may echo the
 * login it refused), at most 500 characters.
 */
export const safeErrorText = (error: unknown, secrets: readonly string[]): string => {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) if (secret.length >= 3) text = text.split(secret).join('***');
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
};
