import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  /** When the sink answered 250 (Date.now()). */
  acceptedAt: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  /** Mails the server accepted (answered 250 to their DATA). */
  received: ReceivedMail[];
  /** The next DATA replies are refused with this error, then accepted again. */
  refuseNext(count: number, message?: string): void;
  /** DATA is read but not answered until released: a sender killed meanwhile delivered nothing. */
  holdReplies(hold: boolean): void;
  /** How many DATA are read and held now (holdReplies). */
  heldCount(): number;
  /** Resolves when a DATA has been read and is held (holdReplies). */
  nextHeld(): Promise<void>;
  /** Answers the held DATA now (250: accepted and counted), as a slow server finally does. */
  releaseHeld(): void;
  /** Called when a mail has arrived, just before it is answered 250: the sender has not read the answer yet. */
  onAccepted(listener: ((mail: ReceivedMail) => void) | null): void;
  close(): Promise<void>;
}

const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.trim() ?? '';

/**
 * A real SMTP server in the test process on a free loopback port (smtp-server): what it accepted
 * is what arrived. No TLS, no authentication.
 */
export const startSmtpSink = async (): Promise<SmtpSink> => {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  let refusal = 'Mailbox unavailable';
  let hold = false;
  let heldWaiters: (() => void)[] = [];
  let held: (() => void)[] = [];
  let accepted: ((mail: ReceivedMail) => void) | null = null;

  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    closeTimeout: 200,
    disableReverseLookup: true,
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        if (refusals > 0) {
          refusals--;
          const error = new Error(refusal) as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const accept = () => {
          const mail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            subject: headerOf(raw, 'Subject'),
            messageId: headerOf(raw, 'Message-ID'),
            acceptedAt: Date.now(),
          };
          received.push(mail);
          // Before the 250 goes out: a sender killed here cannot have read it, however the
          // machine schedules the two processes.
          accepted?.(mail);
          callback();
        };
        if (!hold) {
          accept();
          return;
        }
        // Held: answered only on releaseHeld(); the client that dies meanwhile never learns of a
        // delivery, and the message is not counted.
        held.push(accept);
        for (const waiter of heldWaiters) waiter();
        heldWaiters = [];
      });
    },
  });
  // A sender killed mid-conversation resets its connection; that is what the crash tests do.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    refuseNext: (count, message = 'Mailbox unavailable') => {
      refusals = count;
      refusal = message;
    },
    holdReplies: (value) => {
      hold = value;
    },
    heldCount: () => held.length,
    nextHeld: () => new Promise<void>((resolve) => heldWaiters.push(resolve)),
    releaseHeld: () => {
      const waiting = held;
      held = [];
      for (const accept of waiting) accept();
    },
    onAccepted: (listener) => {
      accepted = listener;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
