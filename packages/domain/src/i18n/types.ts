import type { en } from './en.js';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** The shape every language must fill: the English catalogue with any strings. */
export type Messages = Widen<typeof en>;
