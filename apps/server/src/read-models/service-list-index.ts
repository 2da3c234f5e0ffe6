import type { Db } from '../db/client.js';
import type { Look } from '../db/bucket-sums.js';
import { lookAtServices, serviceVersionsIn } from '../db/service-fingerprint.js';
import { loadServiceListRows } from './service-list-rows.js';
import { ServiceListSnapshot } from './service-list-snapshot.js';
import { goneAfterRead, tooManyToReadByVersion } from './version-diff.js';

export interface ServiceListIndex {
  /** The services as they are now: at once while nothing changed, otherwise after reading the changes. */
  snapshot(): ServiceListSnapshot | Promise<ServiceListSnapshot>;
  /** A service changed in this process (its id), or anything may have (no id): the next snapshot has it. */
  changed(serviceId?: string): void;
  /** When (its clock) it last read the database or confirmed its snapshot current; null before the first read. */
  lastReadAt(): number | null;
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
 * The portfolio lists' services in memory (ADR 0010): every list, filter, search, sort and page is
 * answered from a snapshot without a query, so lists stay fast on the embedded database, whose
 * queries share the server's one thread.
 * - A change made in this process names the service; the next request reads just that service
 *   (three small queries) before it answers, so whoever changed it sees the change at once.
 * - Changes of other instances (PostgreSQL only): a request that comes when the last look is older
 *   than revalidateMs waits for one fingerprint query (and, when it differs, for a read of the
 *   services whose version differs, or of everything when what the lists show besides them did), so
 *   an answer is never older than revalidateMs, however long nobody asked. Concurrent requests
 *   share that one look; requests within the interval answer at once.
 * All reads and looks run one after another in one loop, so none replaces what another read.
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
  /**
   * Local changes announced so far, and how many of them `current` holds. Pending ids are taken
   * when a read starts, so they cannot tell a request that a read of them still runs: this can.
   */
  let announced = 0;
  let readThrough = 0;
  let reading: Promise<ServiceListSnapshot> | null = null;
  /** When the database was last seen whole: a full read or a fingerprint check began then. */
  let checkedAt = Number.NEGATIVE_INFINITY;
  let readAt: number | null = null;

  const checkDue = () => watchesOthers && now() - checkedAt >= revalidateMs;

  /** What the lists show besides the services, as of the last whole read (lookAtServices); null before one. */
  let besides: string | null = null;

  const read = async (ids: readonly string[] | null, base: ServiceListSnapshot | null) =>
    db.transaction(
      async (tx) => {
        if (ids && base) {
          const rows = await loadServiceListRows(tx, ids);
          const found = new Set(rows.map((row) => row.id));
          // A partial read says nothing about the other rows: the next check reads everything.
          return base.with(
            rows,
            ids.filter((id) => !found.has(id)),
            '',
          );
        }
        // Read before the rows, in the same snapshot of the database: both describe one moment.
        const seen = watchesOthers ? await lookAtServices(tx as unknown as Db, null) : null;
        if (seen) besides = seen.besides;
        const whole = ServiceListSnapshot.of(await loadServiceListRows(tx), seen?.fingerprint ?? '');
        // The buckets the first look at other instances' changes compares, made in a later turn
        // of the event loop rather than by that look (a pass over every service, bench/README.md).
        if (watchesOthers) setImmediate(() => whole.heldBuckets());
        return whole;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

  /**
   * Other instances' changes, service by service, as of the look `seen`: those whose version
   * differs from the one held; null when everything must be read (what the lists show besides the
   * services changed, or most services did). Reading 10,000 services whole after any other
   * instance's change kept a request waiting 400–500 ms on every instance (bench/README.md). No
   * transaction around the versions and the rows, whose round trips a request waited for: the look
   * was read first and each row carries its own version, so whatever changes in between differs
   * from the look's fingerprint and the held buckets, and the next look reads it
   * (docs/adr/0070-one-look-one-query.md).
   */
  const readOthers = async (base: ServiceListSnapshot, seen: Look): Promise<ServiceListSnapshot | null> => {
    if (besides === null || seen.besides !== besides || !seen.buckets) return null;
    const held = base.heldBuckets();
    const buckets = held.differing(seen.buckets);
    if (buckets.size === 0) return base.withFingerprint(seen.fingerprint);
    const diff = held.diff(buckets, await serviceVersionsIn(db, [...buckets]));
    if (tooManyToReadByVersion(diff, base.size)) return null;
    const rows = diff.changed.length > 0 ? await loadServiceListRows(db, diff.changed) : [];
    const gone = goneAfterRead(diff.gone, diff.changed, new Set(rows.map((row) => row.id)));
    return base.with(rows, gone, seen.fingerprint);
  };

  /** Reads what changed here and looks for other instances' changes until nothing is left; one loop at a time. */
  const catchUp = (): Promise<ServiceListSnapshot> => {
    reading ??= (async () => {
      try {
        for (;;) {
          const everything = readAll || !current;
          const ids = everything || pending.size === 0 ? null : [...pending];
          // Nothing changed here: only the look for other instances' changes may be due.
          const lookOnly = !everything && !ids;
          if (lookOnly && !checkDue()) return current!;
          const startedAt = now();
          const through = announced;
          readAll = false;
          pending.clear();
          try {
            if (lookOnly) {
              const seen = await lookAtServices(db, current!.fingerprint);
              if (seen.fingerprint !== current!.fingerprint)
                current = (await readOthers(current!, seen)) ?? (await read(null, null));
              checkedAt = startedAt;
              readAt = startedAt;
              if (!readAll && pending.size === 0) return current!;
              continue;
            }
            current = await read(ids, current);
            readThrough = through;
            if (!ids) checkedAt = startedAt;
            readAt = startedAt;
          } catch (error) {
            if (lookOnly) {
              // Other instances' changes are not worth failing an answer for: keep the snapshot, look again next time.
              onError(error);
              if (readAll || pending.size > 0) continue;
              return current!;
            }
            if (ids) for (const id of ids) pending.add(id);
            else readAll = true;
            throw error;
          }
        }
      } finally {
        reading = null;
      }
    })();
    return reading;
  };

  return {
    snapshot() {
      // Whoever asks after a local change waits for it, also while another request's read of it runs.
      if (current && readThrough === announced && !checkDue()) return current;
      return catchUp();
    },
    changed(serviceId) {
      announced += 1;
      if (serviceId) pending.add(serviceId);
      else readAll = true;
    },
    lastReadAt: () => readAt,
    async settled() {
      while (reading) await reading.catch(() => undefined);
    },
  };
};
