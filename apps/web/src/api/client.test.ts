import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureApi, isApiError } from './client';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));

const lastCall = (fetchMock: ReturnType<typeof vi.fn>) => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

describe('apiRequest', () => {
  const onUnauthorized = vi.fn();
  afterEach(() => {
    onUnauthorized.mockReset();
    configureApi({ hasSession: () => false, getLanguage: () => 'en', onUnauthorized: () => undefined });
  });

  it('sends Accept, Accept-Language and the portal header; the session travels in its cookie, never as a header', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ hasSession: () => true, getLanguage: () => 'de', onUnauthorized });
    await expect(apiRequest('/api/thing')).resolves.toEqual({ ok: true });
    const { url, headers, init } = lastCall(fetchMock);
    expect(url).toBe('/api/thing');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers).toMatchObject({ Accept: 'application/json', 'Accept-Language': 'de', 'X-Requested-With': 'nubes' });
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends JSON bodies with the portal header, which a write with the cookie needs', async () => {
    const fetchMock = respond(200, { token: 'x' });
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ hasSession: () => true, onUnauthorized });
    await apiRequest('/api/login', { method: 'POST', body: { login: 'a', password: 'b' }, auth: 'none' });
    const { init, headers } = lastCall(fetchMock);
    expect(headers['X-Requested-With']).toBe('nubes');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"login":"a","password":"b"}');
  });

  it('turns the error shape into an ApiError with the server message and fields', async () => {
    vi.stubGlobal('fetch', respond(400, { error: 'invalid_input', message: 'Bad', fields: { login: 'Required' } }));
    const error: unknown = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', message: 'Bad', fields: { login: 'Required' } });
  });

  it('copes with error answers that are not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 502, code: 'internal_error' });
  });

  it('ends the session on a 401 to a call made in the session', async () => {
    vi.stubGlobal('fetch', respond(401, { error: 'unauthorized', message: 'Please log in.' }));
    configureApi({ hasSession: () => true, onUnauthorized });
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not end anything on a 401 of an anonymous call (a failed login) or without a session', async () => {
    vi.stubGlobal('fetch', respond(401, { error: 'unauthorized', message: 'Login failed.' }));
    configureApi({ hasSession: () => true, onUnauthorized });
    await expect(apiRequest('/api/login', { method: 'POST', auth: 'none' })).rejects.toMatchObject({ status: 401 });
    configureApi({ hasSession: () => false, onUnauthorized });
    await expect(apiRequest('/api/users/a')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports network failures as ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

/** An XMLHttpRequest that records what is sent and answers as the test says, reporting progress first. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer = { status: 201, text: '{"id":"d1"}' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 512, total: 2048 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2048, total: 2048 });
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.text;
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

describe('apiRequest with upload progress', () => {
  afterEach(() => {
    FakeXhr.answer = { status: 201, text: '{"id":"d1"}' };
    configureApi({ hasSession: () => false, getLanguage: () => 'en', onUnauthorized: () => undefined });
  });

  it('sends a FormData body through XMLHttpRequest and reports how much went out', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    configureApi({ hasSession: () => true, getLanguage: () => 'de' });
    const body = new FormData();
    body.append('file', new Blob(['x']), 'a.pdf');
    const progress: number[] = [];
    await expect(
      apiRequest('/api/services/s/documents', {
        method: 'POST',
        body,
        onUploadProgress: ({ loaded, total }) => progress.push(loaded / total),
      }),
    ).resolves.toEqual({ id: 'd1' });
    expect(progress).toEqual([0.25, 1]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(FakeXhr.last).toMatchObject({ method: 'POST', url: '/api/services/s/documents', body });
    expect(FakeXhr.last!.headers).toMatchObject({ 'Accept-Language': 'de', 'X-Requested-With': 'nubes' });
    expect(FakeXhr.last!.headers['Content-Type']).toBeUndefined();
  });

  it('answers errors in the same shape as fetch calls do', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 413, text: '{"error":"payload_too_large","message":"File too large."}' };
    await expect(
      apiRequest('/api/x', { method: 'POST', body: new FormData(), onUploadProgress: () => undefined }),
    ).rejects.toMatchObject({ status: 413, code: 'payload_too_large', message: 'File too large.' });
  });
});
