import { propertiesFor, schemaAt, schemaWords } from '@nubes/domain';
import type { TFunction } from 'i18next';

/**
 * A policy as people read it rather than as JSON: its values in the words of the type's schema
 * (docs/adr/0083-policy-forms-start-valid-and-speak-the-schemas-words.md).
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const segment = (name: string) => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** A policy's own fields in the schema's order (the branch that applies included), then any it does not know. */
export const orderedEntries = (schema: unknown, value: Record<string, unknown>): [string, unknown][] => {
  const known = propertiesFor(schema, value).map(([name]) => name);
  const names = [
    ...known.filter((name) => name in value),
    ...Object.keys(value).filter((name) => !known.includes(name)),
  ];
  return [...new Set(names)].map((name) => [name, value[name]]);
};

/** One value of a policy in words: yes/no, a number with its unit, a list joined, "(empty)". */
export const policyValueText = (
  schema: unknown,
  value: unknown,
  language: string | undefined,
  t: TFunction,
): string => {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('serviceView.emptyValue');
  if (typeof value === 'boolean') return t(value ? 'serviceView.yes' : 'serviceView.no');
  if (typeof value === 'number') {
    const { unit } = schemaWords(schema, language);
    const number = value.toLocaleString(language);
    return unit ? `${number} ${unit}` : number;
  }
  if (Array.isArray(value)) {
    const items = isObject(schema) ? schema.items : undefined;
    return value.map((item) => policyValueText(items, item, language, t)).join(', ');
  }
  if (isObject(value)) return JSON.stringify(value);
  return String(value);
};

/** The values at the ends of a policy's objects (lists count as one value), by JSON Pointer. */
const leaves = (value: unknown, pointer = ''): Map<string, unknown> => {
  const found = new Map<string, unknown>();
  if (isObject(value) && (pointer === '' || Object.keys(value).length > 0)) {
    for (const [name, inner] of Object.entries(value))
      for (const [place, leaf] of leaves(inner, `${pointer}/${segment(name)}`)) found.set(place, leaf);
  } else found.set(pointer, value);
  return found;
};

export interface PolicyChange {
  pointer: string;
  before: unknown;
  after: unknown;
}

/**
 * What changed between two versions of a policy, place by place in the schema's order: a history
 * says "Longest job: 24 hours → 48 hours" rather than two whole policies.
 */
export const policyChanges = (schema: unknown, before: unknown, after: unknown): PolicyChange[] => {
  const old = leaves(before ?? {});
  const next = leaves(after ?? {});
  const order = (pointer: string) => {
    // The place's position among its siblings in the schema, so the list reads like the form.
    const parts = pointer.split('/').slice(1);
    return parts.map((_, index) => {
      const parent = parts
        .slice(0, index)
        .map((part) => `/${part}`)
        .join('');
      const names = propertiesFor(schemaAt(schema, parent, after ?? before), undefined).map(([name]) => segment(name));
      const position = names.indexOf(parts[index]!);
      return position === -1 ? names.length : position;
    });
  };
  const compare = (a: number[], b: number[]) => {
    for (let index = 0; index < Math.min(a.length, b.length); index += 1)
      if (a[index] !== b[index]) return a[index]! - b[index]!;
    return a.length - b.length;
  };
  return [...new Set([...old.keys(), ...next.keys()])]
    .filter((pointer) => JSON.stringify(old.get(pointer)) !== JSON.stringify(next.get(pointer)))
    .map((pointer) => ({ pointer, before: old.get(pointer), after: next.get(pointer) }))
    .sort((a, b) => compare(order(a.pointer), order(b.pointer)));
};
