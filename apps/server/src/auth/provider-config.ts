import { errors, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { ACCESS_TOKEN_TTL_SECONDS, API_SCOPE, OIDC_PREFIX } from './demo-token';
import { demoUserClaims, findDemoUser } from './demo-users';
import { CALLBACK_PATH, GOODBYE_PATH } from './flow';
import { SIGNING_ALG, type SigningKeys } from './keys';
import { logoutConfirmPage, messagePage } from './pages';

export const interactionPath = (uid: string) => `${OIDC_PREFIX}/interaction/${encodeURIComponent(uid)}`;

export interface ProviderConfigOptions {
  publicUrl: string;
  clientId: string;
  clientSecret: string;
  audience: string;
  resourceIndicator: string;
  signingKeys: SigningKeys;
  cookieKeys: string[];
  cookieNames: { session: string; interaction: string; resume: string };
  adapter: Configuration['adapter'];
}

/** oidc-provider's configuration of the built-in provider: one client (this server), the demo users, JWT tokens. */
export function builtInProviderConfiguration(options: ProviderConfigOptions): Configuration {
  return {
    adapter: options.adapter,
    clients: [providerClient(options)],
    jwks: { keys: [options.signingKeys.privateJwk as never] },
    cookies: {
      keys: options.cookieKeys,
      names: options.cookieNames,
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
    features: providerFeatures(options.audience, options.resourceIndicator),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Session: 12 * 60 * 60,
      Grant: 12 * 60 * 60,
    },
    renderError,
  };
}

function providerClient(options: ProviderConfigOptions): ClientMetadata {
  const { publicUrl } = options;
  return {
    client_id: options.clientId,
    client_secret: options.clientSecret,
    client_name: 'Predict',
    application_type: 'web',
    redirect_uris: [`${publicUrl}${CALLBACK_PATH}`],
    post_logout_redirect_uris: [`${publicUrl}${GOODBYE_PATH}`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

function providerFeatures(audience: string, resourceIndicator: string): Configuration['features'] {
  return {
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
  };
}

const renderError: NonNullable<Configuration['renderError']> = (ctx: KoaContextWithOIDC, out) => {
  ctx.type = 'html';
  const detail = typeof out.error_description === 'string' ? out.error_description : String(out.error ?? '');
  ctx.body = messagePage('Sign-in problem', detail || 'The sign-in request is not valid.', {
    href: '/ctpo/auth/login',
    label: 'Start again',
  });
};
