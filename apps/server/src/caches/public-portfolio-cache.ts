import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Db } from '../db/client.js';
import { publicPortfolioFingerprint } from '../db/portfolio-fingerprint.js';
import { loadPublicPortfolio } from '../presenters/public-portfolio.js';

/** The content codings the answer is kept in; the route picks one per request (Accept-Encoding). */
export type ContentCoding = 'br' | 'gzip' | 'identity';

interface Representation {
  /** The bytes as they are sent. */
  body: Buffer;
  /** Its own strong ETag: each coding is a representation of its own (RFC 9110 §8.8.3). */
  etag: string;
}

export type CachedAnswer = Readonly<Record<ContentCoding, Representation>>;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Compressed once per change, in the threadpool. Readers after a change wait for it, so brotli
 * runs at quality 6: for 3,400 online services (1.5 MB) that takes 0.2 s for 123 kB, where the
 * maximum quality took seconds (30 on a busy two-core host) for 105 kB.
 */
const compressed = async (body: Buffer): Promise<{ gzip: Buffer; br: Buffer }> => {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { gzip: gzipped, br: brotli };
};

interface Entry extends CachedAnswer {
  fingerprint: string;
  /** The local generation the body was built for. */
  generation: number;
  /** When the answer changes by time alone (a downtime starts, ends or comes near); null: not by time. */
  changesAt: Date | null;
}

export interface PublicPortfolioCache {
  /**
   * The answer at `now` (the portal's clock): at once while it is current, otherwise the one
   * rebuild in flight.
   */
  current(now?: Date): CachedAnswer | Promise<CachedAnswer>;
  /** A service changed in this process or, by its notice, in another one: the next request gets a fresh body. */
  invalidate(): void;
  /** Resolves when no check or rebuild runs (tests, shutdown). */
  settled(): Promise<void>;
}

export interface PublicPortfolioCacheOptions {
  db: Db;
  /**
   * How often at most the database is asked whether another instance changed something; asked at
   * every request, so it can change (Infinity while other instances' notices arrive).
   */
  revalidateMs?: number | (() => number);
  now?: () => number;
  onError?: (error: unknown) => void;
}

const etagOf = (body: Buffer): string => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/**
 * The public portfolio, serialized once per change (many anonymous readers, few writes; ADR 0010).
 * - A change made by this process, or another instance's notice of one (ADR 0076), bumps the
 *   generation: requests after it wait for the rebuild, so whoever changed a service sees the
 *   change at once.
 * - Changes of other instances while no notices arrive: a request that comes when the last look is
 *   older than revalidateMs waits for one cheap fingerprint query (and, when it differs, for the
 *   rebuild), so the body is never older than revalidateMs however long nobody asked; concurrent
 *   requests share the look, and a failed look keeps the old body.
 * - One rebuild at a time per generation (no stampede); a failed rebuild keeps the old body.
 */
export const createPublicPortfolioCache = ({
  db,
  revalidateMs = 1000,
  now = Date.now,
  onError = () => undefined,
}: PublicPortfolioCacheOptions): PublicPortfolioCache => {
  let entry: Entry | null = null;
  let generation = 0;
  let building: { generation: number; promise: Promise<Entry> } | null = null;
  let checking: Promise<void> | null = null;
  let checkedAt = 0;
  const checkEveryMs = typeof revalidateMs === 'number' ? () => revalidateMs : revalidateMs;

  const build = (at: Date): Promise<Entry> => {
    if (building && building.generation === generation) return building.promise;
    const target = generation;
    const promise = (async () => {
      const startedAt = now();
      // The fingerprint is read before the rows: a change in between shows up at the next check.
      const fingerprint = await publicPortfolioFingerprint(db);
      const { portfolio, changesAt } = await loadPublicPortfolio(db, at);
      const body = Buffer.from(JSON.stringify(portfolio));
      const etag = etagOf(body);
      const { gzip: gzipped, br } = await compressed(body);
      const next: Entry = {
        identity: { body, etag },
        gzip: { body: gzipped, etag: `${etag.slice(0, -1)}-gzip"` },
        br: { body: br, etag: `${etag.slice(0, -1)}-br"` },
        fingerprint,
        generation: target,
        changesAt,
      };
      if (!entry || entry.generation <= target) entry = next;
      checkedAt = Math.max(checkedAt, startedAt);
      return next;
    })();
    const current = { generation: target, promise };
    building = current;
    const clear = () => {
      if (building === current) building = null;
    };
    promise.then(clear, clear);
    return promise;
  };

  const revalidate = (at: Date): Promise<void> => {
    checking ??= (async () => {
      const startedAt = now();
      const fingerprint = await publicPortfolioFingerprint(db);
      if (entry && fingerprint !== entry.fingerprint) await build(at);
      checkedAt = Math.max(checkedAt, startedAt);
    })()
      .catch(onError)
      .finally(() => {
        checking = null;
      });
    return checking;
  };

  const fresh = (at: Date = new Date()): Entry | Promise<Entry> => {
    // A downtime started, ended or came near since the body was built: what it shows changed by time.
    if (entry && entry.generation === generation && entry.changesAt && at >= entry.changesAt) generation += 1;
    if (entry && entry.generation === generation) {
      if (now() - checkedAt < checkEveryMs()) return entry;
      const checked = entry;
      return revalidate(at).then(() => (entry && entry.generation === generation ? entry : checked));
    }
    const stale = entry;
    return build(at).catch((error: unknown) => {
      if (!stale) throw error;
      onError(error);
      return stale;
    });
  };

  return {
    current: fresh,
    invalidate() {
      generation += 1;
    },
    async settled() {
      while (checking || building) {
        await checking;
        await building?.promise.catch(() => undefined);
      }
    },
  };
};
