import type { ErrorCode } from '@nubes/domain';

/**
 * A failed API call. Carries the server's error shape (docs/domain.md#the-portals-messages) so callers can branch on the
 * status (401 login failed, 429 throttled, …) and show the already localized message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'network_error';
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode | 'network_error', message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** What the client needs from the rest of the app; set once at start-up (and in tests). */
export interface ApiContext {
  /** The session token, or null when logged out. */
  getToken: () => string | null;
  getLanguage: () => string;
  /** A call made with the session's token got 401: the session is over on the server. */
  onUnauthorized: () => void;
}

let context: ApiContext = {
  getToken: () => null,
  getLanguage: () => 'en',
  onUnauthorized: () => undefined,
};

export const configureApi = (next: Partial<ApiContext>): void => {
  context = { ...context, ...next };
};

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except FormData, which is sent as multipart/form-data. */
  body?: unknown;
  /**
   * 'session' (default): the stored session's token, if any; a 401 then ends the session.
   * 'none': anonymous. A string: exactly this token (during login, before a session exists).
   */
  auth?: 'session' | 'none' | { token: string };
  signal?: AbortSignal;
}

const parseBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

// Any string code is accepted: the message is what users see, and a newer server may add codes.
const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && value.length > 0;

/**
 * The API's error shape ({error, message, fields?}, as apiErrorSchema describes it),
 * checked by hand to keep zod out of the first load.
 */
const parseApiError = (
  payload: unknown,
): { error: ErrorCode; message: string; fields?: Record<string, string> } | null => {
  if (typeof payload !== 'object' || payload === null) return null;
  const { error, message, fields } = payload as Record<string, unknown>;
  if (!isErrorCode(error) || typeof message !== 'string') return null;
  if (typeof fields !== 'object' || fields === null) return { error, message };
  const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { error, message, fields: Object.fromEntries(entries) };
};

/** fetch for /api: JSON in and out, bearer token, the UI language, and one error type. */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, auth = 'session', signal } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': context.getLanguage(),
  };
  const sessionToken = auth === 'session' ? context.getToken() : null;
  const token = typeof auth === 'object' ? auth.token : sessionToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (file uploads) sets its own multipart Content-Type with the boundary.
  const requestBody = body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  if (typeof requestBody === 'string') headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: requestBody,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }

  const payload = await parseBody(response);
  if (response.ok) return payload as T;

  if (response.status === 401 && sessionToken) context.onUnauthorized();
  const parsed = parseApiError(payload);
  if (parsed) throw new ApiError(response.status, parsed.error, parsed.message, parsed.fields);
  throw new ApiError(
    response.status,
    response.status >= 500 ? 'internal_error' : 'invalid_input',
    response.statusText || `HTTP ${response.status}`,
  );
};
