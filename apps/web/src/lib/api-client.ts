import { CSRF_HEADER, ErrorResponse } from '@predict/shared';

/** A non-2xx answer of the API, with the server's message and field messages (400s). */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: { path: string; message: string }[];

  /** A 401 after several sign-ins in a row: the session does not stick, so the app stops redirecting. */
  readonly signInLoop: boolean;

  constructor(
    status: number,
    message: string,
    fields: { path: string; message: string }[] = [],
    signInLoop = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.signInLoop = signInLoop;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's sign-in page, returning to the given in-app address afterwards. */
export function loginUrl(returnTo: string): string {
  return `/ctpo/auth/login?returnTo=${encodeURIComponent(returnTo)}`;
}

const REDIRECTS_KEY = 'predict.signInRedirects';
const LOOP_WINDOW_MS = 60_000;
const LOOP_LIMIT = 3;

/**
 * Sends the browser to the sign-in page, coming back to the page the user is on. Returns false instead when it
 * already did so three times within a minute: a cookie that never sticks (for example a Secure cookie over plain
 * http) would otherwise bounce the user between the app and the sign-in page forever.
 */
export function redirectToLogin(now = Date.now()): boolean {
  const recent = (JSON.parse(window.sessionStorage.getItem(REDIRECTS_KEY) ?? '[]') as number[]).filter(
    (t) => now - t < LOOP_WINDOW_MS,
  );
  if (recent.length >= LOOP_LIMIT) return false;
  window.sessionStorage.setItem(REDIRECTS_KEY, JSON.stringify([...recent, now]));
  const { pathname, search, hash } = window.location;
  window.location.assign(loginUrl(pathname + search + hash));
  return true;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query parameters; empty strings, null and undefined are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed with status ${response.status}.`;
  let fields: { path: string; message: string }[] = [];
  try {
    const parsed = ErrorResponse.safeParse(await response.json());
    if (parsed.success) {
      message = parsed.data.message;
      fields = parsed.data.fields ?? [];
    }
  } catch {
    // Not JSON (a proxy error page, for example): keep the status text.
  }
  return new ApiError(response.status, message, fields);
}

/** Calls the API on the same origin; returns the parsed JSON body, or undefined for empty answers. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: '1' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });

  if (response.status === 401 && path.startsWith('/ctpo')) {
    if (redirectToLogin()) throw new ApiError(401, 'Sign-in required.');
    throw new ApiError(401, 'Signing in does not complete: the session is not kept.', [], true);
  }
  if (!response.ok) throw await errorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Parses a response with its shared zod schema so that a contract mismatch fails loudly, here. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export const api = {
  get: <T>(path: string, schema: Parser<T>, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest(path, options).then((data) => schema.parse(data)),
  post: <T = unknown>(path: string, body?: unknown, schema?: Parser<T>) =>
    apiRequest(path, { method: 'POST', body }).then((data) => (schema ? schema.parse(data) : (data as T))),
  delete: (path: string, query?: Record<string, QueryValue>) =>
    apiRequest<void>(path, { method: 'DELETE', query }),
};
