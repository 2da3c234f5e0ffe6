import { describe, expect, it } from 'vitest';
import { SERVICE_FIELDS } from '../services/fields.js';
import { DEFAULT_WEIGHTING_CRITERIA } from '../services/weighting.js';
import { de, en, lookup } from './index.js';

const strings = (node: unknown): string[] =>
  typeof node === 'string'
    ? [node]
    : typeof node === 'object' && node !== null
      ? Object.values(node).flatMap(strings)
      : [];

/** German texts of an object tree: every `de` of a LocalizedText. */
const germanOf = (node: unknown): string[] => {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'de' && typeof value === 'string' ? [value] : germanOf(value),
  );
};

// "Dienstag" is a Tuesday, not a service.
const DIENST = /dienst(?!ag)/i;

describe('German glossary (docs/glossary.md)', () => {
  it('calls a service "Service", never "Dienst", in the catalogue', () => {
    expect(strings(de).filter((text) => DIENST.test(text))).toEqual([]);
  });

  it('does the same in the field catalogue and the weighting criteria', () => {
    const german = [...germanOf(SERVICE_FIELDS), ...germanOf(DEFAULT_WEIGHTING_CRITERIA)];
    expect(german.length).toBeGreaterThan(50);
    expect(german.filter((text) => DIENST.test(text))).toEqual([]);
  });
});

/** The titles of notifications that once started lower-case, and two that always were capitalised. */
const NOTIFICATION_TITLES = [
  'workflow.statusChanged',
  'service.validationPassed',
  'service.created',
  'service.updated',
  'service.copied',
  'service.documentsActivated',
  'comment.added',
  'documents.uploaded',
  'keywords.created',
  'serviceView.documentDeleted',
  'notifications.sessionExpired',
  'notifications.loggedOut',
];

describe('notification titles', () => {
  it('start with a capital letter in both languages', () => {
    for (const key of NOTIFICATION_TITLES) {
      for (const catalogue of [en, de]) expect(lookup(catalogue, key), key).toMatch(/^\p{Lu}/u);
    }
  });
});
