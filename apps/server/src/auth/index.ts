import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey } from 'jose';
import * as client from 'openid-client';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { chooseIdentityProvider, IdentityConfigError } from './demo-policy';
import { GOODBYE_PATH, registerSignInRoutes, type SignInClient } from './flow';
import { registerAccessGuard } from './guard';
import { inProcessFetch } from './in-process-fetch';
import { loadCookieKeys, loadSigningKeys } from './keys';
import { createBuiltInProvider } from './provider';
import { mountBuiltInProvider } from './provider-routes';
import { createTokenRevocations } from './revocations';
import { createVerifier, InvalidTokenError, type TokenUser } from './verify';

export type { Access, AuthUser } from './types';
export { DEMO_PASSWORDS, DEMO_USERS, type DemoUsername } from './demo-users';
export { ACCESS_COOKIE } from './flow';
export {
  chooseIdentityProvider,
  IdentityConfigError,
  isLoopbackHost,
  type IdentityChoice,
} from './demo-policy';

export interface AuthRuntime {
  kind: 'built-in' | 'external';
  issuer: string;
  audience: string;
  /** Verifies an access token strictly and returns its user; throws when it is not valid. */
  verify(token: string): Promise<TokenUser>;
  /** Built-in provider only: a signed access token for a demo user (tests and `npm run token`). */
  issueDemoToken?(username: string): Promise<string>;
  close(): Promise<void>;
}

export interface AuthDeps {
  env: Env;
  /**
   * Where signed-out tokens are denied for every API process (revocations.ts); without it only in this process.
   * The built-in provider keeps its own sessions in memory (see memory-adapter.ts).
   */
  database?: Database;
  publicUrl: string;
}

/**
 * Sign-in and token verification, registered on the root instance so the access guard applies to every route:
 * - the guard (onRequest): bearer header or `predict_at` cookie, strict JWT verification, roles, CSRF header;
 * - /ctpo/auth/login, /callback, /logout: the OpenID Connect code flow with PKCE run by this server;
 * - without OIDC_ISSUER, the built-in provider with demo users at /ctpo/oidc, where DEMO_USERS allows it
 *   (demo-policy.ts; otherwise this throws an IdentityConfigError that says what to configure).
 */
export async function registerAuth(app: FastifyInstance, deps: AuthDeps): Promise<AuthRuntime> {
  const { env } = deps;
  const choice = chooseIdentityProvider(env);
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);

  const common = {
    audience: env.OIDC_AUDIENCE,
    algorithms: env.OIDC_ALGORITHMS,
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    groupConfig: { readOnlyGroups: env.READ_ONLY_GROUPS, adminGroups: env.ADMIN_GROUPS },
  };

  let runtime: AuthRuntime;
  let signIn: SignInClient;
  let stateSecret: string;

  if (choice.provider === 'built-in') {
    const [signingKeys, cookieKeys] = await Promise.all([
      loadSigningKeys(env.DATA_DIR),
      loadCookieKeys(env.DATA_DIR),
    ]);
    const built = createBuiltInProvider({
      publicUrl,
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE,
      signingKeys,
      cookieKeys,
      logError: (error, message) => app.log.error({ err: error }, message),
    });
    await mountBuiltInProvider(app, built);

    const keys = createLocalJWKSet(signingKeys.publicJwks);
    const config = new client.Configuration(
      {
        issuer: built.issuer,
        authorization_endpoint: built.endpoints.authorization,
        token_endpoint: built.endpoints.token,
        jwks_uri: built.endpoints.jwks,
        userinfo_endpoint: built.endpoints.userinfo,
        end_session_endpoint: built.endpoints.endSession,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      },
      built.clientId,
      { client_secret: built.clientSecret, id_token_signed_response_alg: 'RS256' },
      client.ClientSecretBasic(built.clientSecret),
    );
    // The token request goes to this same process (no network, works behind any proxy or NAT), so plain
    // HTTP is fine here even when PUBLIC_URL is not https.
    config[client.customFetch] = inProcessFetch(app, built.issuer);
    if (built.issuer.startsWith('http:')) client.allowInsecureRequests(config);

    signIn = {
      configuration: async () => config,
      extraParams: { resource: built.resourceIndicator },
      async logout(request, reply) {
        await built.endSession(request.raw, reply.raw);
        for (const name of built.sessionCookies) reply.clearCookie(name, { path: '/' });
        return GOODBYE_PATH;
      },
    };
    stateSecret = cookieKeys[0]!;
    let closed = false;
    runtime = {
      kind: 'built-in',
      issuer: built.issuer,
      audience: env.OIDC_AUDIENCE,
      verify: createVerifier({ ...common, resolve: async () => ({ issuer: built.issuer, keys }) }),
      issueDemoToken: built.issueDemoToken,
      async close() {
        if (closed) return;
        closed = true;
        built.close();
      },
    };
  } else {
    const issuer = choice.issuer;
    const issuerUrl = new URL(issuer);
    const localHttp =
      issuerUrl.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname);
    if (issuerUrl.protocol !== 'https:' && !localHttp) {
      throw new IdentityConfigError(
        'OIDC_ISSUER must be an https URL (plain http is only allowed for localhost).',
      );
    }
    const secret = env.OIDC_CLIENT_SECRET;
    let discovery: Promise<client.Configuration> | undefined;
    const configuration = () => {
      discovery ??= client
        .discovery(
          issuerUrl,
          env.OIDC_CLIENT_ID,
          secret ? { client_secret: secret } : undefined,
          secret ? client.ClientSecretPost(secret) : client.None(),
          localHttp ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovery = undefined; // try again on the next request
          throw error;
        });
      return discovery;
    };
    let remote: { issuer: string; keys: JWTVerifyGetKey } | undefined;
    const resolve = async () => {
      if (remote) return remote;
      const metadata = (await configuration()).serverMetadata();
      if (!metadata.jwks_uri) throw new Error('the identity provider publishes no jwks_uri');
      remote = { issuer: metadata.issuer, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
      return remote;
    };

    signIn = {
      configuration,
      extraParams: {},
      async logout() {
        const config = await configuration();
        if (!config.serverMetadata().end_session_endpoint) return GOODBYE_PATH;
        return client.buildEndSessionUrl(config, {
          client_id: env.OIDC_CLIENT_ID,
          post_logout_redirect_uri: `${publicUrl}${GOODBYE_PATH}`,
        }).href;
      },
    };
    // A key every replica shares when there is a client secret; otherwise one kept in DATA_DIR.
    stateSecret = secret ?? (await loadCookieKeys(env.DATA_DIR))[0]!;
    runtime = {
      kind: 'external',
      issuer,
      audience: env.OIDC_AUDIENCE,
      verify: createVerifier({ ...common, resolve }),
      async close() {},
    };
  }

  // Sign-out ends the token here, not only in the browser: a copied cookie is refused until its exp.
  const revocations = createTokenRevocations({
    ...(deps.database ? { db: deps.database.db } : {}),
    onError: (error) => app.log.error({ err: error }, 'the signed-out tokens could not be read'),
  });
  const { verify } = runtime;
  registerAccessGuard(app, async (token) => {
    const user = await verify(token);
    if (await revocations.isRevoked(token)) throw new InvalidTokenError('signed out');
    return user;
  });
  registerSignInRoutes(app, {
    publicUrl,
    scopes: env.OIDC_SCOPES,
    stateSecret,
    signIn,
    verify,
    revoke: async (token) => {
      await verify(token);
      await revocations.revoke(token, decodeJwt(token).exp!);
    },
  });
  app.addHook('onClose', async () => runtime.close());
  return runtime;
}
