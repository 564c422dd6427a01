import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MetaResponse, PRODUCT_NAME } from '@predict/shared';
import { hasDemoData } from '../../db/seed/seed-demo-data';
import { APP_VERSION } from '../../version';

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
    async () => ({
      product: PRODUCT_NAME,
      version: APP_VERSION,
      identityProvider: app.auth.kind,
      issuer: app.auth.issuer,
      database: app.database.shape,
      demoData: await hasDemoData(app.database.db),
    }),
  );
}
