import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/types';
import { HttpError } from '../http-errors';

/** The verified caller; the auth hook has already refused the request when there is none. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'Sign in required.');
  return request.user;
}
