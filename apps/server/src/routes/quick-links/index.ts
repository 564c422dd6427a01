import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QuickLinkSchema } from '@predict/shared';
import { quickLinksOfLanding } from '../../services/landing/list-quick-links';

export async function quickLinksRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ctpo/quickLinks',
    {
      schema: {
        tags: ['landing'],
        summary: "Quick links of the landing panel (the web app's defaults apply when empty)",
        response: { 200: z.array(QuickLinkSchema) },
      },
    },
    async () => quickLinksOfLanding(app.database.db),
  );
}
