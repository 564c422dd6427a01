import { randomBytes } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { DEMO_USERNAMES, demoUserClaims, findDemoUser } from './demo-users';
import { SIGNING_ALG, type SigningKeys } from './keys';

/** Where the built-in provider is mounted; its issuer is `${publicUrl}${OIDC_PREFIX}`. */
export const OIDC_PREFIX = '/ctpo/oidc';
export const ACCESS_TOKEN_TTL_SECONDS = 8 * 60 * 60;
/** Scopes the API (resource server) accepts; they end up in the access token's `scope` claim. */
export const API_SCOPE = 'openid profile email';

export const builtInIssuer = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}${OIDC_PREFIX}`;

/**
 * An access token for a demo user exactly as the built-in provider issues one (same key and kid, RS256, typ
 * at+jwt, iss, aud, sub, iat, exp 8 h, jti, client_id, scope and the user's claims). No oidc-provider import, so
 * `npm run token` stays light.
 */
export async function signDemoAccessToken(options: {
  signingKeys: SigningKeys;
  issuer: string;
  audience: string;
  clientId: string;
  username: string;
}): Promise<string> {
  const user = findDemoUser(options.username);
  if (!user) {
    throw new Error(`Unknown demo user '${options.username}'. Demo users: ${DEMO_USERNAMES.join(', ')}.`);
  }
  const key = await importJWK(options.signingKeys.privateJwk, SIGNING_ALG);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...demoUserClaims(user), scope: API_SCOPE, client_id: options.clientId })
    .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: options.signingKeys.kid })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(user.username)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(key);
}
