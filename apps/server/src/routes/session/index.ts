import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CurrentUser, UserLoginBody } from '@predict/shared';
import { recordLogin } from '../../services/session/record-login';
import { currentUser } from '../current-user';

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/ctpo/login',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user with groups and roles',
        response: { 200: CurrentUser },
      },
    },
    async (request) => {
      const { via: _via, issuer: _issuer, subject: _subject, ...user } = currentUser(request);
      return user;
    },
  );

  r.post(
    '/ctpo/study/0/UserLogin',
    {
      schema: {
        tags: ['session'],
        summary: 'Records a sign-in with the client-side profile',
        body: UserLoginBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await recordLogin(app.database.db, currentUser(request), request.body);
      return reply.code(204).send(null);
    },
  );
}
