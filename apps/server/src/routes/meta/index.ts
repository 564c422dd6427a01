import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MetaResponse } from '@predict/shared';
import { productMeta } from '../../services/meta/product-meta';

export async function metaRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ctpo/meta',
    {
      schema: {
        tags: ['system'],
        summary: 'Product name, version, identity provider and database shape',
        response: { 200: MetaResponse },
      },
    },
    async () =>
      productMeta(app.database.db, {
        identityProvider: app.auth.kind,
        issuer: app.auth.issuer,
        database: app.database.shape,
      }),
  );
}
