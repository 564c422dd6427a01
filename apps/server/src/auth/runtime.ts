import type { SignInClient } from './flow';
import type { TokenUser, VerifierOptions } from './verify';

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

/** The verifier's settings that do not depend on the provider (everything but where the issuer's keys come from). */
export type VerifierSettings = Omit<VerifierOptions, 'resolve'>;

/** What either provider gives the guard and the sign-in routes. */
export interface AuthSetup {
  runtime: AuthRuntime;
  signIn: SignInClient;
  /** Secret the login cookie is encrypted with. */
  stateSecret: string;
}
