import type { FastifyInstance } from 'fastify';

/**
 * Cache-Control: no-store on every JSON answer to an authenticated request (errors included): a shared or browser
 * cache must never keep one user's data for another. Static assets and public answers keep their own caching.
 * An ETag may still come along (result sets): no-store keeps caches from storing, while an API client that keeps
 * its own copy can send the tag back in If-None-Match and get a 304 instead of the body.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.user && String(reply.getHeader('content-type') ?? '').includes('json')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
