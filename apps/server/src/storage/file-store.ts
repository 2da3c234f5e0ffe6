import type { Tx } from '../db/client.js';

/**
 * Where uploaded files live. The documents' metadata (service_documents) names a file by its
 * storage key; the bytes are the store's business. Writes take the transaction of the change they
 * belong to: the database store joins it, so blob, metadata and audit event commit or fail
 * together. A store outside the database (an object store) cannot join it: it writes the object
 * before the commit (an aborted transaction leaves an unreferenced object for a sweeper) and
 * removes objects only after the commit, so a rollback never loses a file.
 */
export interface FileStore {
  /** Stores the bytes and answers the key to find them again. */
  put(bytes: Buffer, tx: Tx): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string, tx: Tx): Promise<void>;
}
