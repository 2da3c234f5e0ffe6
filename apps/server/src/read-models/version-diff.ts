import type { BucketSums } from '../db/bucket-sums.js';

/** What differs between the rows held and the rows the database holds now. */
export interface VersionDiff {
  /** Ids whose version differs from the one held, or that are not held: read them. */
  changed: string[];
  /** Ids held that the database no longer has. */
  gone: string[];
}

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
 * The buckets whose rows differ between the rows held and the database's `now`: only their rows'
 * versions need reading and comparing. Comparing every row's version in JavaScript (50,000
 * contacts: a map of all their versions, a lookup each) cost a look about 150 ms
 * (bench/README.md); the sums leave a few hundred rows. One pass over the rows held, in typed
 * arrays and without a string per row: it runs once per look, too rarely for V8 to optimize it.
 */
export const differingBuckets = (held: HeldVersions, now: readonly BucketSums[]): Set<string> => {
  const count = new Int32Array(256);
  const versions = new Float64Array(256);
  const ids = new Float64Array(256);
  held((id, version) => {
    const bucket = bucketNumber(id);
    count[bucket] = count[bucket]! + 1;
    versions[bucket] = versions[bucket]! + version;
    ids[bucket] = ids[bucket]! + idSum(id);
  });
  const differing = new Set<string>();
  const seen = new Uint8Array(256);
  for (const sums of now) {
    const bucket = Number.parseInt(sums.bucket, 16);
    seen[bucket] = 1;
    if (count[bucket] !== sums.count || versions[bucket] !== sums.versions || ids[bucket] !== sums.ids)
      differing.add(sums.bucket);
  }
  // Buckets the database no longer has any row of.
  for (let bucket = 0; bucket < 256; bucket += 1)
    if (seen[bucket] === 0 && count[bucket]! > 0) differing.add(bucketName(bucket));
  return differing;
};

/** Compares the held rows of `buckets` with their rows' versions as the database holds them (`versions`). */
export const versionDiff = (
  held: HeldVersions,
  buckets: ReadonlySet<string>,
  versions: ReadonlyMap<string, number>,
): VersionDiff => {
  const changed: string[] = [];
  const gone: string[] = [];
  const heldIds = new Set<string>();
  const wanted = new Uint8Array(256);
  for (const bucket of buckets) wanted[Number.parseInt(bucket, 16)] = 1;
  held((id, version) => {
    if (wanted[bucketNumber(id)] === 0) return;
    heldIds.add(id);
    const now = versions.get(id);
    if (now === undefined) gone.push(id);
    else if (now !== version) changed.push(id);
  });
  for (const id of versions.keys()) if (!heldIds.has(id)) changed.push(id);
  return { changed, gone };
};

/**
 * Whether so many rows changed that reading them one by one costs more than reading them all: a
 * few hundred by id are one query; beyond a tenth of the rows a whole read is as cheap.
 */
export const tooManyToReadByVersion = (diff: VersionDiff, heldCount: number): boolean =>
  diff.changed.length + diff.gone.length > Math.max(200, heldCount / 10);
