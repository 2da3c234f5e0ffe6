import type { ErrorCode, FieldMessages, MessageKey } from '@nubes/domain';

/**
 * A failure the caller should see. `messageKey` and field messages are keys of the catalogue (typed,
 * ADR 0022); the error handler translates them into the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = `errors.${code}`,
    readonly fields?: FieldMessages,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError('not_found');
export const forbidden = (messageKey?: MessageKey) => new HttpError('forbidden', messageKey);
export const unauthorized = (messageKey?: MessageKey) => new HttpError('unauthorized', messageKey);
export const conflict = (messageKey?: MessageKey) => new HttpError('conflict', messageKey);
export const invalidInput = (messageKey?: MessageKey, fields?: FieldMessages) =>
  new HttpError('invalid_input', messageKey, fields);
