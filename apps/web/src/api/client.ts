import { CSRF_HEADER, CSRF_HEADER_VALUE, type ErrorCode } from '@nubes/domain';

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
  /** Whether a session is stored: a 401 then ends it. */
  hasSession: () => boolean;
  getLanguage: () => string;
  /** A call made with the session's token got 401: the session is over on the server. */
  onUnauthorized: () => void;
}

let context: ApiContext = {
  hasSession: () => false,
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
   * 'session' (default): the session's HttpOnly cookie rides along; a 401 then ends the session.
   * 'none': a 401 is the answer itself (a failed login), not a lost session.
   */
  auth?: 'session' | 'none';
  signal?: AbortSignal;
  /**
   * How much of a FormData body has gone out, as the upload goes (bytes). fetch cannot report
   * an upload's progress (Chromium streams no request body over HTTP/1.1), so such a call goes
   * through XMLHttpRequest, with the same headers, answers and errors.
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** What the client reads of an answer, whichever way the request went. */
interface Answer {
  status: number;
  statusText: string;
  text: string;
}

const parseBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const networkError = (cause: unknown) =>
  new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');

const sendWithFetch = async (
  path: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | undefined; signal?: AbortSignal },
): Promise<Answer> => {
  try {
    const response = await fetch(path, { ...init, credentials: 'same-origin' });
    return { status: response.status, statusText: response.statusText, text: await response.text() };
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause);
  }
};

const sendWithProgress = (
  path: string,
  init: { method: string; headers: Record<string, string>; body: FormData; signal?: AbortSignal },
  onProgress: (progress: UploadProgress) => void,
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, path);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    xhr.onerror = () => reject(networkError(null));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (init.signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });

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

/**
 * fetch for /api: JSON in and out, the session's cookie (HttpOnly: the browser adds it, no script
 * reads it), the portal's header that a write with the cookie needs (docs/adr/0078-sessions-the-server-ends.md),
 * the UI language, and one error type.
 */
export const apiRequest = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  const { method = 'GET', body, auth = 'session', signal, onUploadProgress } = options;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': context.getLanguage(),
    [CSRF_HEADER]: CSRF_HEADER_VALUE,
  };
  // A FormData body (file uploads) sets its own multipart Content-Type with the boundary.
  const requestBody = body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body);
  if (typeof requestBody === 'string') headers['Content-Type'] = 'application/json';

  const answer =
    onUploadProgress && requestBody instanceof FormData
      ? await sendWithProgress(path, { method, headers, body: requestBody, signal }, onUploadProgress)
      : await sendWithFetch(path, { method, headers, body: requestBody, signal });

  const payload = parseBody(answer.text);
  if (answer.status >= 200 && answer.status < 300) return payload as T;

  if (answer.status === 401 && auth === 'session' && context.hasSession()) context.onUnauthorized();
  const parsed = parseApiError(payload);
  if (parsed) throw new ApiError(answer.status, parsed.error, parsed.message, parsed.fields);
  throw new ApiError(
    answer.status,
    answer.status >= 500 ? 'internal_error' : 'invalid_input',
    answer.statusText || `HTTP ${answer.status}`,
  );
};
