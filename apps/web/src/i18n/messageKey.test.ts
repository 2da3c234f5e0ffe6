import { expect, it } from 'vitest';
import { initI18n, loadScreenMessages } from './i18n';
import { messageKeyOr } from './messageKey';

it('passes a key of the catalogue through and replaces anything else with the fallback', async () => {
  initI18n('en');
  expect(messageKeyOr('validation.url', 'validation.invalid')).toBe('validation.url');
  expect(messageKeyOr('publicPortfolio.total', 'validation.invalid')).toBe('publicPortfolio.total');
  expect(messageKeyOr('validation.nope', 'validation.invalid')).toBe('validation.invalid');
  expect(messageKeyOr('validation', 'validation.invalid')).toBe('validation.invalid');

  // Keys of the screens part count once it is loaded, as it is before any logged-in screen (ADR 0026).
  expect(messageKeyOr('documents.missingFile', 'validation.invalid')).toBe('validation.invalid');
  await loadScreenMessages();
  expect(messageKeyOr('portfolio.total', 'validation.invalid')).toBe('portfolio.total');
  expect(messageKeyOr(undefined, 'documents.missingFile')).toBe('documents.missingFile');
  expect(messageKeyOr('documents.missingFile', 'validation.invalid')).toBe('documents.missingFile');
});
