import { z } from 'zod';
import { msg } from '../i18n/core.js';

/** A UTF-16 half without its other half: it has no UTF-8 form, so it can be neither stored nor sent on. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a string can be stored and shown as it is: no NUL (PostgreSQL's text refuses it) and no
 * lone surrogate. Every text the API accepts passes this rule (ADR 0015).
 */
export const isSafeText = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

export const UNSAFE_TEXT_MESSAGE = msg('validation.invalidCharacters');

/** The string schema of every text the API accepts: zod's string with the safe-text rule (ADR 0015). */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isSafeText, UNSAFE_TEXT_MESSAGE);
