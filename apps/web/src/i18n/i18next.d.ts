import type { en } from '@nubes/domain';

/**
 * i18next's keys and interpolation typed from the English catalogue (ADR 0022): a `t()` key that
 * is not in en.ts fails the typecheck.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
