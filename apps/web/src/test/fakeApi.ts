import { vi } from 'vitest';

/** One request the screen sent to the fake API. */
export interface FakeCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/** An answer other than 200 with a body (a created object, an error in the API's shape, 204). */
class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export const reply = (status: number, body?: unknown): Reply => new Reply(status, body);

/** An error answer in the API's error shape. */
export const apiError = (status: number, error: string, message: string, fields?: Record<string, string>): Reply =>
  reply(status, { error, message, ...(fields ? { fields } : {}) });

export type FakeHandler = (call: FakeCall) => unknown;

/**
 * fetch answering `METHOD /path` from the handlers: a handler's value (awaited) is the 200 body, or a
 * `reply(status, body)`; every other request gets 404 in the API's error shape. Returns the calls
 * in the order they were made.
 */
export const fakeApi = (handlers: Record<string, FakeHandler>): FakeCall[] => {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: FakeCall = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${call.method} ${call.path}`];
      const value = handler ? await handler(call) : apiError(404, 'not_found', 'Not found.');
      const answer = value instanceof Reply ? value : reply(200, value);
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
};

/**
 * One page of a paged stream as the API answers it (comments, histories, the outbox): the rows and
 * the cursor of the next page, null after the last (docs/adr/0074-paged-streams.md).
 */
export const streamPage = <T, Extra extends object = object>(
  items: readonly T[],
  nextCursor: string | null = null,
  extra?: Extra,
) => ({ items, nextCursor, ...extra });

/** The requests that change something. */
export const writesOf = (calls: readonly FakeCall[]): FakeCall[] => calls.filter((call) => call.method !== 'GET');
