import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet } from 'jose';
import * as client from 'openid-client';
import type { Env } from '../env';
import { GOODBYE_PATH } from './flow';
import { inProcessFetch } from './in-process-fetch';
import { loadCookieKeys, loadSigningKeys } from './keys';
import { createBuiltInProvider, type BuiltInProvider } from './provider';
import { mountBuiltInProvider } from './provider-routes';
import type { AuthSetup, VerifierSettings } from './runtime';
import { createVerifier } from './verify';

/** Starts the built-in provider with its demo users at /ctpo/oidc and signs in against it. */
export async function startBuiltInSignIn(
  app: FastifyInstance,
  env: Env,
  publicUrl: string,
  verifierSettings: VerifierSettings,
): Promise<AuthSetup> {
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
  const config = builtInClientConfiguration(app, built);
  let closed = false;
  return {
    signIn: {
      configuration: async () => config,
      extraParams: { resource: built.resourceIndicator },
      async logout(request, reply) {
        await built.endSession(request.raw, reply.raw);
        for (const name of built.sessionCookies) reply.clearCookie(name, { path: '/' });
        return GOODBYE_PATH;
      },
    },
    stateSecret: cookieKeys[0]!,
    runtime: {
      kind: 'built-in',
      issuer: built.issuer,
      audience: env.OIDC_AUDIENCE,
      verify: createVerifier({ ...verifierSettings, resolve: async () => ({ issuer: built.issuer, keys }) }),
      issueDemoToken: built.issueDemoToken,
      async close() {
        if (closed) return;
        closed = true;
        built.close();
      },
    },
  };
}

/** The client side of the built-in provider: its metadata is known, so nothing is discovered. */
function builtInClientConfiguration(app: FastifyInstance, built: BuiltInProvider): client.Configuration {
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
  return config;
}
