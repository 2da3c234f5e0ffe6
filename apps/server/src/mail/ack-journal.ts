import { isUuid } from '@nubes/domain';
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';

/**
 * The SMTP acknowledgements not yet marked in the outbox, one line `<mail id> <claim token>` each,
 * written synchronously in the turn the acknowledgement arrives: a process killed while its sent
 * mark waits in PGlite's one queue of statements leaves the line behind, and the next start marks
 * the mail sent instead of sending it again (docs/adr/0079-mail-acknowledgements-recorded-at-once.md).
 * The operating system keeps a write of a killed process, so no fsync: the database beside it
 * promises no more.
 */
export interface AckJournal {
  /** The acknowledgements a former process wrote and nobody marked since. */
  leftOver(): Map<string, string>;
  record(id: string, claimToken: string): void;
  /** Every line is marked in the database: the file starts empty again. */
  clear(): void;
  close(): void;
}

export const openAckJournal = (file: string): AckJournal => {
  // Append-only: after a clear the next line lands at the start again.
  const fd = openSync(file, 'a');
  return {
    leftOver: () => {
      const entries = new Map<string, string>();
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const [id, token] = line.trim().split(' ');
        // A line cut short by the kill names no whole token: its mail was not marked, and is sent again.
        if (id && token && isUuid(id) && isUuid(token)) entries.set(id, token);
      }
      return entries;
    },
    record: (id, claimToken) => {
      writeSync(fd, `${id} ${claimToken}\n`);
    },
    clear: () => ftruncateSync(fd, 0),
    close: () => closeSync(fd),
  };
};
