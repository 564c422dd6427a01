// PLACEHOLDER: the auth helper replaces this file with the real implementation.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { AuthUser } from './types';

export interface AuthRuntime {
  kind: 'built-in' | 'external';
  issuer: string;
  audience: string;
  /** Verifies an access token strictly and returns its user; throws when it is not valid. */
  verify(token: string): Promise<Omit<AuthUser, 'via'>>;
  /** Built-in provider only: a signed access token for a demo user (tests and `npm run token`). */
  issueDemoToken?(username: string): Promise<string>;
  close(): Promise<void>;
}

export async function registerAuth(
  _app: FastifyInstance,
  _deps: { env: Env; database: Database; publicUrl: string },
): Promise<AuthRuntime> {
  throw new Error('not implemented');
}
