import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { startBuiltInSignIn } from './built-in-sign-in';
import { chooseIdentityProvider } from './demo-policy';
import { connectExternalSignIn } from './external-sign-in';
import { registerSignInRoutes } from './flow';
import { registerAccessGuard } from './guard';
import { createTokenRevocations } from './revocations';
import type { AuthRuntime, VerifierSettings } from './runtime';
import { InvalidTokenError } from './verify';

export type { Access, AuthUser } from './types';
export type { AuthRuntime } from './runtime';
export { DEMO_PASSWORDS, DEMO_USERS, type DemoUsername } from './demo-users';
export { ACCESS_COOKIE } from './flow';
export {
  chooseIdentityProvider,
  IdentityConfigError,
  isLoopbackHost,
  type IdentityChoice,
} from './demo-policy';

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

  const verifierSettings: VerifierSettings = {
    audience: env.OIDC_AUDIENCE,
    algorithms: env.OIDC_ALGORITHMS,
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    groupConfig: { readOnlyGroups: env.READ_ONLY_GROUPS, adminGroups: env.ADMIN_GROUPS },
  };
  const { runtime, signIn, stateSecret } =
    choice.provider === 'built-in'
      ? await startBuiltInSignIn(app, env, publicUrl, verifierSettings)
      : await connectExternalSignIn(env, choice.issuer, publicUrl, verifierSettings);

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
