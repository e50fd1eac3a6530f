import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { en } from '@askbox/common';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability.js';

/** The one error type of the server: becomes `{ error: { code, message } }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds until trying again makes sense (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request') => new AppError(400, code, message);
export const unauthorized = (message: string = en.signInRequired) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string = en.forbidden, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string = en.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);
export const tooManyRequests = (message: string = en.tooManyRequests, retryAfterSeconds = 60) => new AppError(429, 'rate_limited', message, retryAfterSeconds);

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // every 429 says when to come back (issue 11), whoever raised it
    if ((error instanceof AppError ? error.status : error.statusCode) === 429)
      reply.header('retry-after', String(error instanceof AppError ? (error.retryAfter ?? 60) : 60));
    if (error instanceof AppError) {
      return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ error: { code: 'invalid_input', message: first?.message ?? 'Invalid input' } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'internal', message: en.somethingWentWrong } });
    }
    // a database restarting or a killed connection: nothing is wrong with the request, it can be sent again
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: 'database_unavailable', message: en.somethingWentWrong } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: error.code ?? 'bad_request', message: error.message } });
    }
    // named prepared statements lost between two queries: a transaction-mode pooler that does not keep them
    if (pgErrorOf(error).code === '26000')
      request.log.error(
        { err: error },
        'a prepared statement vanished from its connection: behind PgBouncer in transaction mode, use PgBouncer 1.21+ with max_prepared_statements (docs/operations.md), or session mode',
      );
    else request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'internal', message: en.somethingWentWrong } });
  });
}

/** The Postgres error code of a failed query, looking through drizzle's wrapper. */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return {};
}

/** The router's own refusals (a malformed %-escape in the path...) in the API's error shape. */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : error.message;
  void reply.status(status).send({ error: { code: 'bad_request', message } });
}
