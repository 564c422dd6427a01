import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, INVALID_REQUEST_MESSAGE } from './http-errors';

/**
 * One error answer for the whole app: 400 with each invalid field, an HttpError's status and fields, 503 when the
 * database is away, and no internals in a 5xx message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.code(400).send({ error: 'Bad Request', message: INVALID_REQUEST_MESSAGE, fields });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        ...error.extra,
        error: httpErrorName(error.statusCode),
        message: error.message,
        fields: error.fields,
      });
    }
    if (isDataException(error)) {
      // Last resort behind the schemas (which name the field): a value the database cannot take is a bad request.
      request.log.warn(error);
      return reply.code(400).send({ error: 'Bad Request', message: INVALID_REQUEST_MESSAGE });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    if (isDatabaseUnavailable(error)) {
      return reply
        .code(503)
        .send({ error: 'Service Unavailable', message: 'The database is not available.' });
    }
    return reply.code(status).send({
      error: httpErrorName(status),
      message: status >= 500 ? 'Something went wrong on the server.' : (error as Error).message,
    });
  });
}

function httpErrorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    406: 'Not Acceptable',
    409: 'Conflict',
    413: 'Payload Too Large',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  };
  return names[status] ?? (status >= 500 ? 'Internal Server Error' : 'Error');
}

/** PostgreSQL class 22 (data exception: out of range, bad encoding, NUL in text...), also under drizzle's cause. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001'].includes(code ?? '');
}
