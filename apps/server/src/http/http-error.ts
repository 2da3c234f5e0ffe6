import type { ErrorCode } from '@nubes/domain';

/**
 * A failure the caller should see. `messageKey` and field messages are i18n keys; the error
 * handler translates them into the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string = `errors.${code}`,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError('not_found');
export const forbidden = (messageKey?: string) => new HttpError('forbidden', messageKey);
export const unauthorized = (messageKey?: string) => new HttpError('unauthorized', messageKey);
export const conflict = (messageKey?: string) => new HttpError('conflict', messageKey);
export const invalidInput = (messageKey?: string, fields?: Record<string, string>) =>
  new HttpError('invalid_input', messageKey, fields);
