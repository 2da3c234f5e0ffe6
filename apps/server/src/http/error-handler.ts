import {
  ERROR_STATUS,
  errorCodeForStatus,
  hasMessage,
  translate,
  type ApiError,
  type ErrorCode,
  type Language,
  URL_EXAMPLE,
} from '@nubes/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.js';

interface IssueLike {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** Zod's own messages are English sentences; ours are i18n keys. Map both to a translated text. */
const issueMessage = (issue: IssueLike, language: Language): string => {
  if (issue.message && hasMessage(issue.message))
    return translate(language, issue.message, { host: 'portal.example.org' });
  switch (issue.keyword) {
    case 'invalid_type':
      return translate(language, issue.params.input === undefined ? 'validation.required' : 'validation.invalidType');
    case 'too_small':
      return translate(language, 'validation.required');
    case 'too_big':
      return translate(language, 'validation.tooLong');
    case 'unrecognized_keys':
      return translate(language, 'validation.unknownField');
    case 'invalid_format':
      if (issue.params.format === 'email') return translate(language, 'validation.email');
      if (issue.params.format === 'url') return translate(language, 'validation.url', { host: 'portal.example.org' });
      return translate(language, 'validation.invalid');
    default:
      return translate(language, 'validation.invalid');
  }
};

const fieldName = (issue: IssueLike): string => issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';

const send = (reply: FastifyReply, code: ErrorCode, body: ApiError, headers?: Record<string, string>) => {
  if (headers) reply.headers(headers);
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
};

/** Fastify's own client errors (bad JSON, wrong content type, too large…) by their code. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; key?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_input', key: 'errors.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_input', key: 'errors.invalidJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_input' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large' },
};

export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language;

    if (error instanceof HttpError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([k, v]) => [k, translate(language, v, { host: URL_EXAMPLE })]),
          )
        : undefined;
      return send(
        reply,
        error.code,
        { error: error.code, message: translate(language, error.messageKey), ...(fields ? { fields } : {}) },
        error.headers,
      );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) fields[fieldName(issue)] ??= issueMessage(issue, language);
      return send(reply, 'invalid_input', {
        error: 'invalid_input',
        message: translate(language, 'errors.invalid_input'),
        fields,
      });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return send(reply, known.code, {
        error: known.code,
        message: translate(language, known.key ?? `errors.${known.code}`),
      });
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = errorCodeForStatus(status);
      return send(reply, code, { error: code, message: translate(language, `errors.${code}`) });
    }

    // Only the server log sees the cause; the caller gets a plain message, never a stack.
    request.log.error({ err: error }, 'request failed');
    return send(reply, 'internal_error', {
      error: 'internal_error',
      message: translate(language, 'errors.internal_error'),
    });
  });
};
