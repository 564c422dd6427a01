import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * True when an If-None-Match header names this entity tag (or is `*`). Comparison is weak, as RFC 9110 asks for
 * If-None-Match: `W/"x"` matches `"x"`.
 */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return [header]
    .flat()
    .flatMap((h) => h.split(','))
    .some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Answers JSON text that the caller already has as text, with its entity tag: 304 without a body when the request's
 * If-None-Match names the tag, else the text as it is (no parse and serialise per call).
 */
export function sendJsonWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  json: string,
): FastifyReply {
  reply.header('etag', etag);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
