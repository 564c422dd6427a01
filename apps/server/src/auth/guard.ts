import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '@predict/shared';
import { ACCESS_COOKIE } from './flow';
import type { Access } from './types';
import type { TokenUser } from './verify';

/** Route patterns under /ctpo that are public unless the route itself says otherwise. */
const PUBLIC_ROUTES = [
  /^\/ctpo\/auth\//,
  /^\/ctpo\/oidc(\/|$)/,
  /^\/ctpo\/docs(\/|$)/,
  /^\/ctpo\/health\/?$/,
];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Who may call the matched route: its `config.access` when set; otherwise 'user' for routes under /ctpo
 * (except sign-in, the provider, the docs and health) and 'public' elsewhere. Decided from the registered route
 * pattern, not the raw URL, so encoded or odd paths cannot slip into a public prefix. Unknown URLs (404) are
 * public: there is nothing behind them.
 */
export function accessFor(request: FastifyRequest): Access {
  const configured = (request.routeOptions.config as { access?: Access } | undefined)?.access;
  if (configured) return configured;
  const route = request.routeOptions.url;
  if (!route || request.is404) return 'public';
  if (!route.startsWith('/ctpo/')) return 'public';
  return PUBLIC_ROUTES.some((p) => p.test(route)) ? 'public' : 'user';
}

/** The access token: `Authorization: Bearer` first, else the HttpOnly cookie. */
export function tokenFrom(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header);
    if (match) return { token: match[1]!, via: 'bearer' };
  }
  const fromCookie = request.cookies?.[ACCESS_COOKIE];
  return fromCookie ? { token: fromCookie, via: 'cookie' } : undefined;
}

const deny = (reply: FastifyReply, status: 401 | 403, message: string) => {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="predict"');
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ error: status === 401 ? 'Unauthorized' : 'Forbidden', message });
};

/** The global onRequest guard: authenticates, then checks the route's access level and the CSRF header. */
export function registerAccessGuard(
  app: FastifyInstance,
  verify: (token: string) => Promise<TokenUser>,
): void {
  if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);

  app.addHook('onRequest', async (request, reply) => {
    const access = accessFor(request);
    if (access === 'public') return;

    const found = tokenFrom(request);
    if (!found) return deny(reply, 401, 'Sign in required.');
    let user: TokenUser;
    try {
      user = await verify(found.token);
    } catch (error) {
      request.log.debug({ reason: (error as Error).message, via: found.via }, 'access token rejected');
      return deny(reply, 401, 'Sign in required.');
    }
    request.user = { ...user, via: found.via };

    if (found.via === 'cookie' && !SAFE_METHODS.has(request.method)) {
      const csrf = request.headers[CSRF_HEADER];
      if (typeof csrf !== 'string' || csrf.trim() === '') {
        return deny(reply, 403, `Requests authenticated by the cookie must send the ${CSRF_HEADER} header.`);
      }
    }
    if (access === 'editor' && user.roles.readOnly) return deny(reply, 403, 'You have read-only access.');
    if (access === 'admin' && !user.roles.admin) return deny(reply, 403, 'This needs administrator access.');
  });
}
