import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  ERROR_STATUS,
  errorCodeForStatus,
  hasMessage,
  translate,
  type ApiError,
  type ErrorCode,
  type Language,
  type MessageKey,
  negotiateLanguage,
  URL_EXAMPLE,
} from '@nubes/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/database-unreachable.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseOutageLog } from './database-unavailable.js';
import { HttpError } from './http-error.js';
import { requestLog, type PortalLog } from './portal-log.js';

interface IssueLike {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** Zod's own messages are English sentences; ours are i18n keys. Map both to a translated text. */
const issueMessage = (issue: IssueLike, language: Language): string => {
  if (issue.message && hasMessage(issue.message)) return translate(language, issue.message, { host: URL_EXAMPLE });
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
      if (issue.params.format === 'url') return translate(language, 'validation.url', { host: URL_EXAMPLE });
      return translate(language, 'validation.invalid');
    default:
      return translate(language, 'validation.invalid');
  }
};

/** An issue's place as a dotted path ("weighting.initiatedBy"); '' for the whole query or body. */
const pathOf = (issue: IssueLike): string => issue.instancePath.replace(/^\//, '').replaceAll('/', '.');

/**
 * The fields an issue is about. An unknown key is reported by Zod on the object that holds it;
 * the caller needs the key itself ("limit", "fields.madeUp"), not the object ("_" for the whole query).
 */
const fieldNames = (issue: IssueLike): string[] => {
  const keys = issue.params.keys;
  const holder = pathOf(issue);
  if (issue.keyword !== 'unrecognized_keys' || !Array.isArray(keys) || keys.length === 0) return [holder || '_'];
  return keys.map((key) => (holder ? `${holder}.${String(key)}` : String(key)));
};

const send = (reply: FastifyReply, code: ErrorCode, body: ApiError, headers?: Record<string, string>) => {
  if (headers) reply.headers(headers);
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
};

/**
 * Fastify's and its plugins' own client errors by their code (ADR 0015); any other 4xx is answered
 * by its status below. Every one gets the portal's shape and a translated message.
 */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; key?: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_input', key: 'errors.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_input', key: 'errors.invalidJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid_input' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large' },
  FST_ERR_BAD_URL: { code: 'invalid_input', key: 'errors.badUrl' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'uri_too_long' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'unsupported_media_type' },
  FST_REQ_FILE_TOO_LARGE: { code: 'payload_too_large' },
};

/** The portal's answer to a Fastify client error, or null when the error is not the client's. */
const clientErrorAnswer = (error: FastifyError, language: Language): { code: ErrorCode; body: ApiError } | null => {
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (!known && (status < 400 || status >= 500)) return null;
  const code = known?.code ?? errorCodeForStatus(status);
  return { code, body: { error: code, message: translate(language, known?.key ?? `errors.${code}`) } };
};

/** Only the server log sees the cause; the caller gets a plain message, never a stack. */
const internalError = (
  log: PortalLog,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  language: Language,
) => {
  requestLog(log, request).error({ err: error }, 'request failed');
  return send(reply, 'internal_error', {
    error: 'internal_error',
    message: translate(language, 'errors.internal_error'),
  });
};

export const registerErrorHandler = (app: FastifyInstance, log: PortalLog) => {
  const noteOutage = databaseOutageLog(log);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = request.language;

    if (error instanceof HttpError) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([k, v]) => [
              k,
              typeof v === 'string'
                ? translate(language, v, { host: URL_EXAMPLE })
                : translate(language, v.key, v.params),
            ]),
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
      for (const issue of error.validation) {
        const message = issueMessage(issue, language);
        for (const name of fieldNames(issue)) fields[name] ??= message;
      }
      return send(reply, 'invalid_input', {
        error: 'invalid_input',
        message: translate(language, 'errors.invalid_input'),
        fields,
      });
    }

    const answer = clientErrorAnswer(error, language);
    if (answer) return send(reply, answer.code, answer.body);

    // Not the request's fault and not a bug: the database is gone for now, and nothing the request
    // wrote was committed (docs/adr/0077-database-outages.md).
    if (isDatabaseUnreachable(error)) {
      noteOutage(request, error);
      return send(
        reply,
        'unavailable',
        { error: 'unavailable', message: translate(language, 'errors.databaseUnavailable') },
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }

    return internalError(log, request, reply, error, language);
  });
};

/**
 * Fastify's router answers a badly encoded address or an overlong path parameter itself, before
 * any hook or the error handler; this option hands them to the same answers (ADR 0015).
 */
export const frameworkErrorHandler =
  (log: PortalLog) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = negotiateLanguage(request.headers['accept-language']);
    const answer = clientErrorAnswer(error, language);
    if (answer) return send(reply, answer.code, answer.body);
    return internalError(log, request, reply, error, language);
  };

/**
 * Requests Node's HTTP parser refuses (malformed, or a request line and headers over its limit)
 * never become requests: the answer is written to the socket, in English, as no header was read.
 * When the request line alone takes half of Node's header limit (16 KB), the address is too long
 * (414); otherwise the headers are too large (431). A request that did not arrive in time is a 408,
 * anything else the parser refuses a 400.
 */
const LONG_REQUEST_LINE = 8 * 1024;

export const clientErrorHandler = (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let code: ErrorCode = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'request_timeout' : 'invalid_input';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const head = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 65_536) : '';
    const lineEnd = head.indexOf('\r\n');
    code = (lineEnd < 0 ? head.length : lineEnd) >= LONG_REQUEST_LINE ? 'uri_too_long' : 'header_too_large';
  }
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ error: code, message: translate('en', `errors.${code}`) } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
