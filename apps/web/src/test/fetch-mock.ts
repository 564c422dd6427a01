import { vi } from 'vitest';

/** One request the app sent, as the mock saw it. */
export interface RecordedRequest {
  method: string;
  url: URL;
  /** pathname + search, as the app wrote it (the '*' of the study search included). */
  path: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Reply = Response | unknown;
type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;
type Matcher = string | RegExp;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const noContent = () => new Response(null, { status: 204 });

export const errorReply = (status: number, message = 'Failed.') => json({ error: 'Error', message }, status);

/**
 * Replaces global fetch (the network boundary) with a small router.
 * A string matches the pathname exactly; a RegExp is tested against pathname + search.
 * Later handlers win, so a test can override the defaults. Unhandled requests fail the request loudly.
 */
export function installFetchMock(): FetchMockApi {
  const handlers: { method: string; matcher: Matcher; handler: Handler }[] = [];
  const requests: RecordedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const request: RecordedRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: raw.replace(/^https?:\/\/[^/]+/, ''),
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    requests.push(request);
    const found = [...handlers]
      .reverse()
      .find(
        (h) =>
          h.method === request.method &&
          (typeof h.matcher === 'string'
            ? h.matcher === decodeURIComponent(url.pathname)
            : h.matcher.test(request.path)),
      );
    if (!found) throw new Error(`Unexpected request ${request.method} ${request.path}`);
    const reply = await found.handler(request);
    return reply instanceof Response ? reply : json(reply);
  });
  vi.stubGlobal('fetch', fetchMock);

  function on(method: string, matcher: Matcher, handler: Handler): FetchMockApi;
  function on(method: string, matcher: Matcher, reply: StaticReply): FetchMockApi;
  function on(method: string, matcher: Matcher, handlerOrReply: Handler | StaticReply): FetchMockApi {
    const handler: Handler =
      typeof handlerOrReply === 'function' ? handlerOrReply : () => cloneReply(handlerOrReply);
    handlers.push({ method, matcher, handler });
    return mock;
  }

  /** Requests whose pathname starts with `prefix` (and, if given, with that method). */
  function to(prefix: string, method?: string) {
    return requests.filter(
      (r) => decodeURIComponent(r.url.pathname).startsWith(prefix) && (!method || r.method === method),
    );
  }

  const mock: FetchMockApi = { fetchMock, requests, on, to };
  return mock;
}

/** A fixed answer: a Response, or a value sent as JSON. */
type StaticReply = Response | Record<string, unknown> | unknown[] | string | number | boolean | null;

// A Response body can be read once: a fixed Response is copied for every request.
const cloneReply = (reply: StaticReply) => (reply instanceof Response ? reply.clone() : reply);

export interface FetchMockApi {
  fetchMock: ReturnType<typeof vi.fn>;
  requests: RecordedRequest[];
  on(method: string, matcher: Matcher, handler: Handler): FetchMockApi;
  on(method: string, matcher: Matcher, reply: StaticReply): FetchMockApi;
  to(prefix: string, method?: string): RecordedRequest[];
}

export type FetchMock = FetchMockApi;
