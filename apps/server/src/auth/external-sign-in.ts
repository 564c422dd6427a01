import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import * as client from 'openid-client';
import type { Env } from '../env';
import { IdentityConfigError } from './demo-policy';
import { GOODBYE_PATH } from './flow';
import { loadCookieKeys } from './keys';
import type { AuthSetup, VerifierSettings } from './runtime';
import { createVerifier } from './verify';

/** Signs in against the identity provider at OIDC_ISSUER, discovered on first use. */
export async function connectExternalSignIn(
  env: Env,
  issuer: string,
  publicUrl: string,
  verifierSettings: VerifierSettings,
): Promise<AuthSetup> {
  const issuerUrl = new URL(issuer);
  const localHttp =
    issuerUrl.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuerUrl.hostname);
  if (issuerUrl.protocol !== 'https:' && !localHttp) {
    throw new IdentityConfigError(
      'OIDC_ISSUER must be an https URL (plain http is only allowed for localhost).',
    );
  }
  const secret = env.OIDC_CLIENT_SECRET;
  const configuration = lazyDiscovery(env, issuerUrl, localHttp);
  let remote: { issuer: string; keys: JWTVerifyGetKey } | undefined;
  const resolve = async () => {
    if (remote) return remote;
    const metadata = (await configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the identity provider publishes no jwks_uri');
    remote = { issuer: metadata.issuer, keys: createRemoteJWKSet(new URL(metadata.jwks_uri)) };
    return remote;
  };

  return {
    signIn: {
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
    },
    // A key every replica shares when there is a client secret; otherwise one kept in DATA_DIR.
    stateSecret: secret ?? (await loadCookieKeys(env.DATA_DIR))[0]!,
    runtime: {
      kind: 'external',
      issuer,
      audience: env.OIDC_AUDIENCE,
      verify: createVerifier({ ...verifierSettings, resolve }),
      async close() {},
    },
  };
}

/** The provider's configuration, discovered once; a failed discovery is tried again on the next request. */
function lazyDiscovery(env: Env, issuerUrl: URL, localHttp: boolean): () => Promise<client.Configuration> {
  const secret = env.OIDC_CLIENT_SECRET;
  let discovery: Promise<client.Configuration> | undefined;
  return () => {
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
}
