import { hkdfSync } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { decodeJwt, EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { z } from 'zod';
import { InvalidTokenError, type TokenUser } from './verify';

/** The HttpOnly cookie holding the access token for the web app. */
export const ACCESS_COOKIE = 'predict_at';
/** Short-lived, encrypted: state, PKCE verifier, nonce and returnTo of the sign-in in progress. */
export const LOGIN_COOKIE = 'predict_login';
export const DEFAULT_RETURN_TO = '/ctpo/study-plans/';
export const GOODBYE_PATH = '/goodbye';
export const CALLBACK_PATH = '/ctpo/auth/callback';
const LOGIN_COOKIE_PATH = '/ctpo/auth/';
const LOGIN_TTL_SECONDS = 10 * 60;

/** What the flow needs from the identity provider, built-in or external. */
export interface SignInClient {
  /** openid-client configuration; an external issuer is discovered on first use. */
  configuration(): Promise<client.Configuration>;
  /** Extra parameters for the authorization and token requests (the resource indicator for the built-in one). */
  extraParams: Record<string, string>;
  /** Ends the session at the provider; returns where the browser goes next. */
  logout(request: FastifyRequest, reply: FastifyReply): Promise<string>;
}

export interface FlowOptions {
  publicUrl: string;
  scopes: string;
  /** Secret the login cookie is encrypted with (derived, never used for anything else). */
  stateSecret: string;
  signIn: SignInClient;
  verify(token: string): Promise<TokenUser>;
  /** Denies a valid access token until its exp (sign-out); throws when the token is not valid. */
  revoke(token: string): Promise<void>;
}

/** Cookies are Secure except for a plain-HTTP app on the local machine (development). */
export function secureCookies(publicUrl: string): boolean {
  const url = new URL(publicUrl);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

/** returnTo must be a path on this app (no scheme, no '//' or '/\' host tricks); anything else → the default. */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_RETURN_TO;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f\s]/.test(value)) {
    return DEFAULT_RETURN_TO;
  }
  const base = new URL(publicUrl);
  const resolved = new URL(value, base);
  if (resolved.origin !== base.origin) return DEFAULT_RETURN_TO;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

interface LoginState {
  state: string;
  verifier: string;
  nonce: string;
  returnTo: string;
}

function stateKey(secret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'predict', 'predict sign-in state cookie', 32));
}

/** What the three routes share: the options, the derived key and redirect URI, and the cookies' attributes. */
interface FlowContext {
  options: FlowOptions;
  key: Uint8Array;
  redirectUri: string;
  wantsIdToken: boolean;
  loginCookie: CookieAttributes;
  accessCookie: CookieAttributes;
  /** Logs why, drops the sign-in in progress and sends the browser to /goodbye with an error. */
  failed(request: FastifyRequest, reply: FastifyReply, reason: string, error?: unknown): FastifyReply;
}

interface CookieAttributes {
  path: string;
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
}

export function registerSignInRoutes(app: FastifyInstance, options: FlowOptions): void {
  const secure = secureCookies(options.publicUrl);
  const loginCookie: CookieAttributes = { path: LOGIN_COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure };
  const flow: FlowContext = {
    options,
    key: stateKey(options.stateSecret),
    redirectUri: `${options.publicUrl}${CALLBACK_PATH}`,
    wantsIdToken: options.scopes.split(/\s+/).includes('openid'),
    loginCookie,
    accessCookie: { path: '/', httpOnly: true, sameSite: 'lax', secure },
    failed(request, reply, reason, error) {
      request.log.warn(
        { reason, error: error instanceof Error ? error.message : undefined },
        'sign-in failed',
      );
      reply.clearCookie(LOGIN_COOKIE, loginCookie);
      return reply.header('cache-control', 'no-store').redirect(`${GOODBYE_PATH}?error=signin`, 302);
    },
  };
  registerLoginRoute(app, flow);
  registerCallbackRoute(app, flow);
  registerLogoutRoute(app, flow);
}

function registerLoginRoute(app: FastifyInstance, flow: FlowContext): void {
  const { options, failed } = flow;
  const { publicUrl, signIn } = options;
  app.get(
    '/ctpo/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in (OpenID Connect code flow with PKCE)',
        description:
          'Redirects to the identity provider; after sign-in the browser returns to `returnTo` (a path on this app).',
        querystring: z.object({ returnTo: z.string().optional().catch(undefined) }),
        security: [],
      },
    },
    async (request, reply) => {
      const { returnTo } = request.query as { returnTo?: string };
      let config: client.Configuration;
      try {
        config = await signIn.configuration();
      } catch (error) {
        return failed(request, reply, 'the identity provider is not reachable', error);
      }
      const login: LoginState = {
        state: client.randomState(),
        verifier: client.randomPKCECodeVerifier(),
        nonce: client.randomNonce(),
        returnTo: safeReturnTo(returnTo, publicUrl),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: flow.redirectUri,
        scope: options.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(login.verifier),
        code_challenge_method: 'S256',
        state: login.state,
        ...(flow.wantsIdToken ? { nonce: login.nonce } : {}),
        ...signIn.extraParams,
      });
      const sealed = await new EncryptJWT({ ...login })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${LOGIN_TTL_SECONDS}s`)
        .encrypt(flow.key);
      reply.setCookie(LOGIN_COOKIE, sealed, { ...flow.loginCookie, maxAge: LOGIN_TTL_SECONDS });
      return reply.header('cache-control', 'no-store').redirect(url.href, 302);
    },
  );
}

function registerCallbackRoute(app: FastifyInstance, flow: FlowContext): void {
  const { options, failed } = flow;
  app.get(
    '/ctpo/auth/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign-in callback from the identity provider',
        description: 'Exchanges the code, sets the HttpOnly access-token cookie and redirects to returnTo.',
        security: [],
      },
    },
    async (request, reply) => {
      const sealed = request.cookies[LOGIN_COOKIE];
      if (!sealed) return failed(request, reply, 'no sign-in in progress (missing or expired cookie)');
      let login: LoginState;
      try {
        const { payload } = await jwtDecrypt(sealed, flow.key, { contentEncryptionAlgorithms: ['A256GCM'] });
        login = payload as unknown as LoginState;
      } catch (error) {
        return failed(request, reply, 'the sign-in cookie is not valid', error);
      }
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      let accessToken: string;
      try {
        accessToken = await exchangeCode(flow, login, query);
      } catch (error) {
        return failed(request, reply, 'the authorization response or code exchange failed', error);
      }
      try {
        await options.verify(accessToken);
      } catch (error) {
        return failed(
          request,
          reply,
          'the access token from the identity provider is not valid for this API',
          error,
        );
      }
      const exp = decodeJwt(accessToken).exp ?? 0;
      const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
      reply.clearCookie(LOGIN_COOKIE, flow.loginCookie);
      reply.setCookie(ACCESS_COOKIE, accessToken, { ...flow.accessCookie, maxAge });
      return reply
        .header('cache-control', 'no-store')
        .redirect(safeReturnTo(login.returnTo, options.publicUrl), 302);
    },
  );
}

/** The authorization response (the callback's query) checked against the sign-in in progress, traded for a token. */
async function exchangeCode(flow: FlowContext, login: LoginState, query: string): Promise<string> {
  const { signIn } = flow.options;
  const config = await signIn.configuration();
  const tokens = await client.authorizationCodeGrant(
    config,
    new URL(`${flow.redirectUri}${query}`),
    {
      pkceCodeVerifier: login.verifier,
      expectedState: login.state,
      ...(flow.wantsIdToken ? { expectedNonce: login.nonce } : {}),
      idTokenExpected: flow.wantsIdToken,
    },
    signIn.extraParams,
  );
  return tokens.access_token;
}

function registerLogoutRoute(app: FastifyInstance, flow: FlowContext): void {
  const { options } = flow;
  app.get(
    '/ctpo/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description:
          'Revokes the access token of the cookie on the server (refused from then on, by every API process), ' +
          'clears the cookie, ends the session at the identity provider and goes to /goodbye.',
        security: [],
      },
    },
    async (request, reply) => {
      // Only a valid token is recorded, so this public route cannot be used to fill the deny list.
      const signedIn = request.cookies[ACCESS_COOKIE];
      if (signedIn) {
        await options.revoke(signedIn).catch((error: unknown) => {
          if (error instanceof InvalidTokenError) return;
          request.log.error({ error: (error as Error).message }, 'could not revoke the access token');
        });
      }
      reply.clearCookie(ACCESS_COOKIE, flow.accessCookie);
      reply.clearCookie(LOGIN_COOKIE, flow.loginCookie);
      let target = GOODBYE_PATH;
      try {
        target = await options.signIn.logout(request, reply);
      } catch (error) {
        request.log.warn({ error: (error as Error).message }, 'could not end the identity provider session');
      }
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
