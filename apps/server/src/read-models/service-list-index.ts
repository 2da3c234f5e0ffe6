import type { Db } from '../db/client.js';
import { serviceDataFingerprint } from '../db/service-fingerprint.js';
import { loadServiceListRows } from './service-list-rows.js';
import { ServiceListSnapshot } from './service-list-snapshot.js';

export interface ServiceListIndex {
  /** The services as they are now: at once while nothing changed, otherwise after reading the changes. */
  snapshot(): ServiceListSnapshot | Promise<ServiceListSnapshot>;
  /** A service changed in this process (its id), or anything may have (no id): the next snapshot has it. */
  changed(serviceId?: string): void;
  /** Resolves when no read runs (tests, shutdown). */
  settled(): Promise<void>;
}

export interface ServiceListIndexOptions {
  db: Db;
  /** How often at most the database is asked whether another instance changed something (Infinity: never). */
  revalidateMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/**
 * The portfolio lists' services in memory (ADR 10): every list, filter, search, sort and page is
 * answered from a snapshot without a query, so lists stay fast on the embedded database, whose
 * queries share the server's one thread.
 * - A change made in this process names the service; the next request reads just that service
 *   (three small queries) before it answers, so whoever changed it sees the change at once.
 * - Changes of other instances (PostgreSQL only): at most once per revalidateMs a request starts
 *   one fingerprint query in the background; when it differs, all services are read anew in the
 *   background while requests keep the old snapshot, so they show within about a second.
 */
export const createServiceListIndex = ({
  db,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: ServiceListIndexOptions): ServiceListIndex => {
  const watchesOthers = Number.isFinite(revalidateMs);
  let current: ServiceListSnapshot | null = null;
  let readAll = true;
  const pending = new Set<string>();
  /** Raised by every local change: a background read started before one must not replace what it wrote. */
  let generation = 0;
  let reading: Promise<ServiceListSnapshot> | null = null;
  let background: Promise<void> | null = null;
  let checkedAt = now();

  const read = async (ids: readonly string[] | null, base: ServiceListSnapshot | null) =>
    db.transaction(
      async (tx) => {
        // Read before the rows, in the same snapshot of the database: both describe one moment.
        const fingerprint = watchesOthers ? await serviceDataFingerprint(tx as unknown as Db) : '';
        const rows = await loadServiceListRows(tx, ids ?? undefined);
        if (!ids || !base) return ServiceListSnapshot.of(rows, fingerprint);
        const found = new Set(rows.map((row) => row.id));
        // A partial read says nothing about the other rows: the next check reads everything.
        return base.with(
          rows,
          ids.filter((id) => !found.has(id)),
          '',
        );
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  /** Reads what changed here until nothing is pending; one read at a time. */
  const catchUp = (): Promise<ServiceListSnapshot> => {
    reading ??= (async () => {
      try {
        while (readAll || pending.size > 0 || !current) {
          const ids = readAll || !current ? null : [...pending];
          readAll = false;
          pending.clear();
          try {
            current = await read(ids, current);
          } catch (error) {
            if (ids) for (const id of ids) pending.add(id);
            else readAll = true;
            throw error;
          }
        }
        checkedAt = now();
        return current;
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  const lookForOthers = (snapshot: ServiceListSnapshot) => {
    if (!watchesOthers || background || reading || now() - checkedAt < revalidateMs) return;
    checkedAt = now();
    const started = generation;
    background = (async () => {
      if (snapshot.fingerprint !== '' && (await serviceDataFingerprint(db)) === snapshot.fingerprint) return;
      const next = await read(null, null);
      // A local change since the start may be missing from what was read: the next check reads again.
      if (generation === started && !reading) current = next;
    })()
      .catch(onError)
      .finally(() => {
        background = null;
      });
  };

  return {
    snapshot() {
      if (current && !readAll && pending.size === 0) {
        lookForOthers(current);
        return current;
      }
      return catchUp();
    },
    changed(serviceId) {
      generation += 1;
      if (serviceId) pending.add(serviceId);
      else readAll = true;
    },
    async settled() {
      while (reading || background) await Promise.allSettled([reading, background]);
    },
  };
};
