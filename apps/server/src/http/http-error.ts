import type { ErrorCode, MessageKey, ParamMessage } from '@nubes/domain';

/**
 * A field's message: a catalogue key, or a key with the values it names (a policy's "Must be at
 * most {{limit}}"), translated with them.
 */
export type FieldMessage = MessageKey | ParamMessage;
export type HttpFieldMessages = Record<string, FieldMessage>;

/**
 * A failure the caller should see. `messageKey` and field messages are keys of the catalogue (typed,
 * ADR 0022), a field's perhaps with its values; the error handler translates them into the caller's
 * language.
 */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = `errors.${code}`,
    readonly fields?: HttpFieldMessages,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError('not_found');
export const forbidden = (messageKey?: MessageKey) => new HttpError('forbidden', messageKey);
export const unauthorized = (messageKey?: MessageKey) => new HttpError('unauthorized', messageKey);
export const conflict = (messageKey?: MessageKey, fields?: HttpFieldMessages) =>
  new HttpError('conflict', messageKey, fields);
export const invalidInput = (messageKey?: MessageKey, fields?: HttpFieldMessages) =>
  new HttpError('invalid_input', messageKey, fields);
