import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_SCOPE,
  builtInIssuer,
  OIDC_PREFIX,
  signDemoAccessToken,
} from './demo-token';
import { demoUserClaims, findDemoUser } from './demo-users';
import { CALLBACK_PATH, GOODBYE_PATH } from './flow';
import { SIGNING_ALG, type SigningKeys } from './keys';
import { createMemoryAdapter } from './memory-adapter';
import { logoutConfirmPage, messagePage } from './pages';

export { OIDC_PREFIX };
export const interactionPath = (uid: string) => `${OIDC_PREFIX}/interaction/${encodeURIComponent(uid)}`;

export interface BuiltInProviderOptions {
  publicUrl: string;
  clientId: string;
  audience: string;
  signingKeys: SigningKeys;
  cookieKeys: string[];
  logError(error: unknown, message: string): void;
}

export interface BuiltInProvider {
  provider: Provider;
  issuer: string;
  clientId: string;
  /** Generated at every start and kept in memory: only this process is the provider's client. */
  clientSecret: string;
  /** RFC 8707 resource indicator of the API; tokens for it carry `aud` = the configured audience. */
  resourceIndicator: string;
  /** Endpoints, as discovery would publish them (the sign-in flow does not need to fetch them). */
  endpoints: { authorization: string; token: string; jwks: string; userinfo: string; endSession: string };
  issueDemoToken(username: string): Promise<string>;
  /** Ends the provider session named by the request's session cookie (if any) and revokes its grants. */
  endSession(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The provider's session cookie (and its signature cookie), which the logout clears. */
  sessionCookies: string[];
  close(): void;
}

/** The resource indicator must be an absolute URI; a plain audience such as 'predict-api' is not. */
export function resourceIndicatorFor(audience: string, publicUrl: string): string {
  return URL.canParse(audience) && !audience.includes('#') ? audience : `${publicUrl}/ctpo`;
}

export function createBuiltInProvider(options: BuiltInProviderOptions): BuiltInProvider {
  const { publicUrl, clientId, audience, signingKeys } = options;
  const issuer = builtInIssuer(publicUrl);
  const clientSecret = randomBytes(32).toString('base64url');
  const resourceIndicator = resourceIndicatorFor(audience, publicUrl);
  const storage = createMemoryAdapter();
  const cookieNames = {
    session: 'predict_op_session',
    interaction: 'predict_op_interaction',
    resume: 'predict_op_resume',
  };

  const configuration: Configuration = {
    adapter: storage.Adapter,
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        client_name: 'Predict',
        application_type: 'web',
        redirect_uris: [`${publicUrl}${CALLBACK_PATH}`],
        post_logout_redirect_uris: [`${publicUrl}${GOODBYE_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKeys.privateJwk as never] },
    cookies: {
      keys: options.cookieKeys,
      names: cookieNames,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale', 'groups'],
      email: ['email', 'email_verified'],
    },
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic'],
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    findAccount(_ctx, sub) {
      const user = findDemoUser(sub);
      if (!user) return undefined;
      return {
        accountId: user.username,
        claims: () => ({ sub: user.username, email_verified: true, ...demoUserClaims(user) }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? findDemoUser(accountId) : undefined;
      return user ? demoUserClaims(user) : undefined;
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutConfirmPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out.', {
            href: GOODBYE_PATH,
            label: 'Continue',
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) =>
          oneOf ? (oneOf.includes(resourceIndicator) ? resourceIndicator : oneOf) : resourceIndicator,
        // The code carries the granted resource, so the token request need not repeat it.
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resourceIndicator) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
    },
    renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = 'html';
      const detail =
        typeof out.error_description === 'string' ? out.error_description : String(out.error ?? '');
      ctx.body = messagePage('Sign-in problem', detail || 'The sign-in request is not valid.', {
        href: '/ctpo/auth/login',
        label: 'Start again',
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a TLS-terminating proxy the protocol comes from X-Forwarded-Proto (the in-process token request sets it
  // too). Only the protocol matters here: client addresses, for limits and throttling, are Fastify's (TRUST_PROXY).
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    options.logError(error, 'identity provider error'),
  );

  // oidc-provider 8 has urlFor at runtime, but @types/oidc-provider 8.x does not declare it.
  const url = (name: string) => (provider as Provider & { urlFor(route: string): string }).urlFor(name);

  return {
    provider,
    issuer,
    clientId,
    clientSecret,
    resourceIndicator,
    endpoints: {
      authorization: url('authorization'),
      token: url('token'),
      jwks: url('jwks'),
      userinfo: url('userinfo'),
      endSession: url('end_session'),
    },
    sessionCookies: [cookieNames.session, `${cookieNames.session}.sig`],
    issueDemoToken: (username) => signDemoAccessToken({ signingKeys, issuer, audience, clientId, username }),
    async endSession(req, res) {
      const session = await provider.Session.get({ req, res } as never);
      if (!session.accountId) return;
      for (const { grantId } of Object.values(session.authorizations ?? {})) {
        if (!grantId) continue;
        await provider.AuthorizationCode.revokeByGrantId(grantId);
        const grant = await provider.Grant.find(grantId);
        await grant?.destroy();
      }
      await session.destroy();
    },
    close: () => storage.clear(),
  };
}
