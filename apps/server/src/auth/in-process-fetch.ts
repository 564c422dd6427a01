import type { FastifyInstance, HTTPMethods } from 'fastify';
import type * as client from 'openid-client';

type CustomFetch = NonNullable<client.Configuration[typeof client.customFetch]>;

/**
 * A fetch for openid-client that answers requests to the built-in provider inside this process (app.inject),
 * so the server never needs to reach its own public address (which behind a proxy or NAT it often cannot).
 * Anything else goes to the real fetch.
 */
export function inProcessFetch(app: FastifyInstance, issuer: string): CustomFetch {
  const base = new URL(issuer);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== base.origin || !target.pathname.startsWith(base.pathname)) {
      return fetch(url, options as RequestInit);
    }
    const body = options.body;
    const res = await app.inject({
      method: options.method as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-proto': target.protocol.replace(':', ''),
      },
      payload: body instanceof URLSearchParams ? body.toString() : (body as string | undefined),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || res.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}
