import type { BucketSums } from '../db/bucket-sums.js';

/** What differs between the rows held and the rows the database holds now. */
export interface VersionDiff {
  /** Ids whose version differs from the one held, or that are not held: read them. */
  changed: string[];
  /** Ids held that the database no longer has. */
  gone: string[];
}

/**
 * The ids to leave out after reading `asked` anew: those already known `gone`, and those asked for
 * that the read no longer `found` (deleted between the look and the read).
 */
export const goneAfterRead = (
  gone: readonly string[],
  asked: readonly string[],
  found: ReadonlySet<string>,
): Set<string> => {
  const left = new Set(gone);
  for (const id of asked) if (!found.has(id)) left.add(id);
  return left;
};

/** The rows held, visited as (id, version) pairs. */
export type HeldVersions = (visit: (id: string, version: number) => void) => void;

/** A hex digit's value, from its character code (ids are lower-case UUIDs). */
const nibble = (code: number) => (code <= 57 ? code - 48 : code - 87);

/** The bucket of an id as a number, 0–255: its first two hex digits. */
const bucketNumber = (id: string) => nibble(id.charCodeAt(0)) * 16 + nibble(id.charCodeAt(1));

/** The id's first seven hex digits as a number, without making a string of them. */
const idSum = (id: string) => {
  let value = 0;
  for (let i = 0; i < 7; i += 1) value = value * 16 + nibble(id.charCodeAt(i));
  return value;
};

const bucketName = (bucket: number) => bucket.toString(16).padStart(2, '0');

/**
 * The rows held, per bucket of ids: each bucket's versions by id and its sums (count, versions,
 * ids), which the database's sums are compared with (db/bucket-sums.ts). Made once from the rows
 * and then kept as rows change (`with`), so a look compares 256 buckets and reads the versions of
 * the differing buckets' rows only: a pass over every row held (50,000 contacts) cost a look more
 * than the queries (bench/README.md). Immutable: a change makes a new one that shares the buckets
 * it leaves alone.
 */
export class HeldBuckets {
  private constructor(
    private readonly versions: readonly ReadonlyMap<string, number>[],
    private readonly count: Int32Array,
    private readonly versionSums: Float64Array,
    private readonly idSums: Float64Array,
  ) {}

  /** One pass over the rows held: the buckets of no rows with every row read anew. */
  static of(held: HeldVersions): HeldBuckets {
    const rows: (readonly [string, number])[] = [];
    held((id, version) => rows.push([id, version]));
    return new HeldBuckets(
      Array.from({ length: 256 }, () => new Map<string, number>()),
      new Int32Array(256),
      new Float64Array(256),
      new Float64Array(256),
    ).with(rows, []);
  }

  /** The buckets whose rows differ between the rows held and the database's sums `now`. */
  differing(now: readonly BucketSums[]): Set<string> {
    const differing = new Set<string>();
    const seen = new Uint8Array(256);
    for (const sums of now) {
      const bucket = Number.parseInt(sums.bucket, 16);
      seen[bucket] = 1;
      if (
        this.count[bucket] !== sums.count ||
        this.versionSums[bucket] !== sums.versions ||
        this.idSums[bucket] !== sums.ids
      )
        differing.add(sums.bucket);
    }
    // Buckets the database no longer has any row of.
    for (let bucket = 0; bucket < 256; bucket += 1)
      if (seen[bucket] === 0 && this.count[bucket]! > 0) differing.add(bucketName(bucket));
    return differing;
  }

  /** Compares the held rows of `buckets` with their rows' versions as the database holds them (`versions`). */
  diff(buckets: ReadonlySet<string>, versions: ReadonlyMap<string, number>): VersionDiff {
    const changed: string[] = [];
    const gone: string[] = [];
    for (const bucket of buckets)
      for (const [id, version] of this.versions[Number.parseInt(bucket, 16)]!) {
        const now = versions.get(id);
        if (now === undefined) gone.push(id);
        else if (now !== version) changed.push(id);
      }
    for (const [id] of versions) if (!this.versions[bucketNumber(id)]!.has(id)) changed.push(id);
    return { changed, gone };
  }

  /** The rows held after `fresh` rows (id, version) replaced theirs or were added and the `gone` ids left. */
  with(fresh: Iterable<readonly [string, number]>, gone: Iterable<string>): HeldBuckets {
    const versions = this.versions.slice();
    const copied = new Uint8Array(256);
    const count = this.count.slice();
    const versionSums = this.versionSums.slice();
    const idSums = this.idSums.slice();
    const bucketOf = (id: string) => {
      const bucket = bucketNumber(id);
      if (copied[bucket] === 0) {
        copied[bucket] = 1;
        versions[bucket] = new Map(versions[bucket]);
      }
      return { bucket, inBucket: versions[bucket] as Map<string, number> };
    };
    for (const id of gone) {
      const { bucket, inBucket } = bucketOf(id);
      const before = inBucket.get(id);
      if (before === undefined) continue;
      inBucket.delete(id);
      count[bucket] = count[bucket]! - 1;
      versionSums[bucket] = versionSums[bucket]! - before;
      idSums[bucket] = idSums[bucket]! - idSum(id);
    }
    // A row read twice counts once, with its last version, as a list holds it.
    for (const [id, version] of fresh) {
      const { bucket, inBucket } = bucketOf(id);
      const before = inBucket.get(id);
      if (before === undefined) {
        count[bucket] = count[bucket]! + 1;
        idSums[bucket] = idSums[bucket]! + idSum(id);
      } else versionSums[bucket] = versionSums[bucket]! - before;
      versionSums[bucket] = versionSums[bucket]! + version;
      inBucket.set(id, version);
    }
    return new HeldBuckets(versions, count, versionSums, idSums);
  }
}

/**
 * Whether so many rows changed that reading them one by one costs more than reading them all: a
 * few hundred by id are one query; beyond a tenth of the rows a whole read is as cheap.
 */
export const tooManyToReadByVersion = (diff: VersionDiff, heldCount: number): boolean =>
  diff.changed.length + diff.gone.length > Math.max(200, heldCount / 10);
