import { catalogueHas, DEFAULT_LANGUAGE, type MessageKey } from '@nubes/domain';
import i18next from 'i18next';

/**
 * Whether a string from data is a key of the English messages loaded so far: the shell part, and
 * the screens part once a logged-in screen has loaded it (ADR 0022, 0026).
 */
export const isMessageKey = (key: string): key is MessageKey =>
  catalogueHas(i18next.getResourceBundle(DEFAULT_LANGUAGE, 'translation'), key);

/**
 * Where a key comes from data rather than from code (a form library's message, a key built from
 * a string the types cannot follow), this is the one typed way into `t()`: the key when the
 * English catalogue has it, otherwise the fallback (ADR 0022).
 */
export const messageKeyOr = (key: string | null | undefined, fallback: MessageKey): MessageKey =>
  key && isMessageKey(key) ? key : fallback;
