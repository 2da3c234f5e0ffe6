import { expect, it } from 'vitest';
import { messageKeyOr } from './messageKey';

it('passes a key of the catalogue through and replaces anything else with the fallback', () => {
  expect(messageKeyOr('validation.url', 'validation.invalid')).toBe('validation.url');
  expect(messageKeyOr('portfolio.total', 'validation.invalid')).toBe('portfolio.total');
  expect(messageKeyOr('validation.nope', 'validation.invalid')).toBe('validation.invalid');
  expect(messageKeyOr('validation', 'validation.invalid')).toBe('validation.invalid');
  expect(messageKeyOr(undefined, 'documents.missingFile')).toBe('documents.missingFile');
});
