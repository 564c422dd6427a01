import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults } from 'oidc-provider';
import { checkDemoPassword } from './demo-users';
import { loginPage, messagePage } from './pages';
import { interactionPath, OIDC_PREFIX, type BuiltInProvider } from './provider';
import { createSignInThrottle, lockedMessage, type SignInThrottle } from './sign-in-throttle';

const INVALID_CREDENTIALS = 'Invalid username or password.';
const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/**
 * Mounts the built-in provider at /ctpo/oidc: its endpoints run on the raw Node request (oidc-provider is a Koa
 * app and parses its own bodies), and the login/consent interaction is answered by Fastify routes.
 */
export async function mountBuiltInProvider(
  app: FastifyInstance,
  built: BuiltInProvider,
  throttle: SignInThrottle = createSignInThrottle(),
): Promise<void> {
  const { provider } = built;
  const callback = provider.callback();

  await app.register(async (scope) => {
    // Leave request bodies unread: the provider reads the raw stream itself (token, end-session endpoints).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS', 'HEAD', 'PUT', 'DELETE', 'PATCH'],
      url: `${OIDC_PREFIX}/*`,
      config: { access: 'public' },
      schema: { hide: true },
      handler: async (request, reply) => {
        reply.hijack();
        // As when mounted under a prefix in express: the provider routes the path below the prefix and
        // derives its mount path from originalUrl (see "Mounting oidc-provider" in its documentation).
        const req = request.raw as IncomingMessage & { originalUrl?: string };
        const original = req.url ?? '/';
        req.originalUrl = original;
        req.url = original.slice(OIDC_PREFIX.length) || '/';
        try {
          await callback(req, reply.raw);
        } finally {
          req.url = original;
          delete req.originalUrl;
        }
      },
    });
  });

  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
    }
    const routeOptions = { config: { access: 'public' as const }, schema: { hide: true } };
    scope.get<{ Params: { uid: string } }>(
      `${OIDC_PREFIX}/interaction/:uid`,
      routeOptions,
      (request, reply) => interaction(built, throttle, request, reply),
    );
    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${OIDC_PREFIX}/interaction/:uid`,
      routeOptions,
      (request, reply) => interaction(built, throttle, request, reply, request.body ?? {}),
    );
  });
}

type Details = Awaited<ReturnType<BuiltInProvider['provider']['interactionDetails']>>;

async function interaction(
  built: BuiltInProvider,
  throttle: SignInThrottle,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
  form?: Record<string, string>,
) {
  const { provider } = built;
  let details: Details;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return expired(reply);
    throw error;
  }
  if (details.uid !== request.params.uid) return expired(reply);

  const finish = async (result: InteractionResults) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: true,
    });
    return reply.code(303).header('cache-control', 'no-store').redirect(returnTo, 303);
  };
  const action = interactionPath(details.uid);

  switch (details.prompt.name) {
    case 'login': {
      if (!form) return html(reply, loginPage({ action }));
      const username = typeof form.username === 'string' ? form.username.slice(0, 200) : '';
      const password = typeof form.password === 'string' ? form.password.slice(0, 200) : '';
      // Locked out: refuse before the password is even compared (request.ip honours TRUST_PROXY only).
      const gate = throttle.check(username, request.ip);
      if (!gate.allowed) return locked(reply, action, username, gate.retryAfterMs);
      const user = checkDemoPassword(username, password);
      if (!user) {
        request.log.info({ username: username.slice(0, 64), ip: request.ip }, 'demo sign-in failed');
        const next = throttle.failed(username, request.ip);
        if (!next.allowed) return locked(reply, action, username, next.retryAfterMs);
        return html(reply, loginPage({ action, username, error: INVALID_CREDENTIALS }));
      }
      throttle.succeeded(username, request.ip);
      return finish({ login: { accountId: user.username, remember: false } });
    }
    case 'consent':
      // The only client is the app itself (first party): grant what it asked for without a consent screen.
      return finish({ consent: { grantId: await grantEverythingRequested(built, details) } });
    default:
      return finish({ error: 'access_denied', error_description: 'This sign-in step is not supported.' });
  }
}

async function grantEverythingRequested(built: BuiltInProvider, details: Details): Promise<string> {
  const { provider } = built;
  const accountId = details.session?.accountId;
  if (!accountId) throw new errors.SessionNotFound('no signed-in account for the consent');
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

function locked(reply: FastifyReply, action: string, username: string, retryAfterMs: number) {
  reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  return html(reply, loginPage({ action, username, error: lockedMessage(retryAfterMs) }), 429);
}

function expired(reply: FastifyReply) {
  return html(
    reply,
    messagePage('Sign-in expired', 'This sign-in page has expired or was already used. Please start again.', {
      href: '/ctpo/auth/login',
      label: 'Sign in',
    }),
    400,
  );
}
