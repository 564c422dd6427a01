import type { FastifyInstance } from 'fastify';
import { favoritesRoutes } from './favorites';
import { healthRoutes } from './health';
import { metaRoutes } from './meta';
import { plansRoutes } from './plans';
import { quickLinksRoutes } from './quick-links';
import { sessionRoutes } from './session';
import { soeRoutes } from './soe';
import { studiesRoutes } from './studies';

/** Every API resource, one folder each. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    healthRoutes,
    metaRoutes,
    sessionRoutes,
    studiesRoutes,
    favoritesRoutes,
    quickLinksRoutes,
    plansRoutes,
    soeRoutes,
  ]) {
    await app.register(routes);
  }
}
