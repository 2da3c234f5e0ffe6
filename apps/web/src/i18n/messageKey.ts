import { hasMessage, type MessageKey } from '@nubes/domain';

/**
 * Where a key comes from data rather than from code (a form library's message, a key built from
 * a string the types cannot follow), this is the one typed way into `t()`: the key when the
 * English catalogue has it, otherwise the fallback (ADR 0022).
 */
export const messageKeyOr = (key: string | null | undefined, fallback: MessageKey): MessageKey =>
  key && hasMessage(key) ? key : fallback;
