import type { enShell } from './en-shell.js';
import type { en } from './en.js';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language must fill: the English catalogue with any strings. */
export type Messages = Widen<typeof en>;

/** The shape of a language's shell part (ADR 0026): the sections the web bundles for the public screens. */
export type ShellMessages = Widen<typeof enShell>;

/** Every dot path to a string in a catalogue shape. */
type LeafPath<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPath<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type CatalogueKey = LeafPath<typeof en>;

/**
 * i18next's plural forms: the catalogue holds `key_one` and `key_other`, code asks for `key` with
 * a count. `_other` is the form every language has, so it names the plural key.
 */
type PluralKey<K> = K extends `${infer Base}_other` ? Base : never;

/**
 * A key of the English catalogue (ADR 0022): every string's dot path, and the base of each plural
 * (`portfolio.total` for `portfolio.total_one`/`_other`). A typo fails the typecheck.
 */
export type MessageKey = CatalogueKey | PluralKey<CatalogueKey>;

/** Field → message key: the `fields` of a 400 answer before translation. */
export type FieldMessages = Record<string, MessageKey>;
