import type { en } from '@nubes/domain/i18n/en';

/**
 * i18next's keys and interpolation typed from the English catalogue (ADR 0022): a `t()` key that
 * is not in en.ts fails the typecheck. The whole catalogue, though the web loads its screens part
 * with the first logged-in screen (ADR 0026).
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
