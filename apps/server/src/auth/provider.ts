import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { builtInIssuer, OIDC_PREFIX, signDemoAccessToken } from './demo-token';
import type { SigningKeys } from './keys';
import { createMemoryAdapter } from './memory-adapter';
import { builtInProviderConfiguration } from './provider-config';

export { OIDC_PREFIX };
export { interactionPath } from './provider-config';

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

  const configuration = builtInProviderConfiguration({
    publicUrl,
    clientId,
    clientSecret,
    audience,
    resourceIndicator,
    signingKeys,
    cookieKeys: options.cookieKeys,
    cookieNames,
    adapter: storage.Adapter,
  });

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
    endSession: (req, res) => endProviderSession(provider, req, res),
    close: () => storage.clear(),
  };
}

async function endProviderSession(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const session = await provider.Session.get({ req, res } as never);
  if (!session.accountId) return;
  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (!grantId) continue;
    await provider.AuthorizationCode.revokeByGrantId(grantId);
    const grant = await provider.Grant.find(grantId);
    await grant?.destroy();
  }
  await session.destroy();
}
