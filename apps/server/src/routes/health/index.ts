import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HealthResponse } from '@predict/shared';

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ctpo/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['system'],
        summary: 'Whether the server and its database answer',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const ok = await app.database.ping();
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable' });
    },
  );
}
