import { z } from 'zod';

/** One error shape for every API failure (ADR 0004); the codes and their HTTP status. */
export const ERROR_STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  too_many_requests: 429,
  header_too_large: 431,
  internal_error: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorCodeForStatus = (status: number): ErrorCode => {
  const entry = Object.entries(ERROR_STATUS).find(([, s]) => s === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'internal_error' : 'invalid_input';
};

export const apiErrorSchema = z
  .object({
    error: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'ApiError' });

export type ApiError = z.infer<typeof apiErrorSchema>;
