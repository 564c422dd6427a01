import type { FastifyReply } from 'fastify';

/**
 * One presented answer (as JSON text) per database handle, kept while a cheap stamp query returns the same value.
 * For reference data that changes only through admin writes: the stamp query costs far less than reading and
 * presenting every row, and a write by any process changes the stamp, so with several API processes each keeps
 * its own copy and none serves a stale one. `drop` lets the writing service forget it at once after its commit.
 */
export function stampedAnswer<D extends object>(
  stampOf: (db: D) => Promise<string>,
  build: (db: D) => Promise<string>,
) {
  const kept = new WeakMap<D, { stamp: string; json: string }>();
  return {
    async json(db: D): Promise<string> {
      const stamp = await stampOf(db);
      const hit = kept.get(db);
      if (hit?.stamp === stamp) return hit.json;
      const json = await build(db);
      // Stored under the stamp read before the build: a write in between only costs one more rebuild.
      kept.set(db, { stamp, json });
      return json;
    },
    drop(db: D): void {
      kept.delete(db);
    },
  };
}

/** Sends JSON text as it is (Fastify does not serialise a string sent as application/json). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
