import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { en, errorDetail, errorOfIssue, errorText, type ApiErrorBody, type ErrorArgs, type ErrorCode, type ErrorDetail } from '@askbox/common';
import { AppError, RetryLaterError } from '../errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability.js';
import { pgErrorOf } from '../db/pgError.js';

/** The HTTP status of each refusal; a code not listed is a 400. */
const statusOf: Partial<Record<ErrorCode, number>> = {
  internal: 500,
  database_unavailable: 503,
  shutting_down: 503,
  file_too_large: 413,
  archive_too_large: 413,
  ...codesWith(401, ['unauthorized', 'incorrect_login', 'incorrect_code', 'two_factor_login_expired', 'passkey_not_recognised', 'metrics_token_required']),
  ...codesWith(403, [
    'answer_not_yours',
    'forbidden',
    'replies_closed',
    'reply_not_allowed',
    'reply_not_yours',
    'admin_only',
    'moderators_only',
    'account_suspended_reason',
    'account_suspended_until',
    'own_role',
    'role_outranks',
    'bad_origin',
    'account_suspended',
    'blocked',
    'blocked_by_user',
    'user_blocked',
    'cannot_send_questions',
    'anonymous_refused',
    'inbox_paused',
    'asker_not_allowed',
    'registrations_closed',
    'account_pending',
    'invite_required',
    'invite_invalid',
    'email_domain_blocked',
    'email_not_verified',
    'challenge_required',
    'challenge_invalid',
    'second_factor_required',
    'fediverse_needs_public_profile',
  ]),
  ...codesWith(404, [
    'not_found',
    'route_not_found',
    'web_app_not_built',
    'file_not_found',
    'feed_not_found',
    'user_not_found',
    'report_not_found',
    'only_inbox_questions',
    'invite_not_found',
    'remote_account_not_found',
  ]),
  ...codesWith(409, [
    'pins_full',
    'username_taken',
    'username_change_too_soon',
    'email_taken',
    'already_answered',
    'asker_not_blockable',
    'muted_word_exists',
    'already_resolved',
    'anonymous_sender',
    'signup_not_pending',
    'already_appealed',
    'not_anonymous_question',
    'delivery_not_failed',
    'not_suspended',
    'two_factor_already_on',
    'two_factor_not_started',
    'import_in_progress',
    'aliases_full',
    'move_target_not_aliased',
  ]),
  ...codesWith(429, ['rate_limited', 'too_many_reports', 'move_too_soon']),
};

function codesWith(status: number, codes: ErrorCode[]): Partial<Record<ErrorCode, number>> {
  return Object.fromEntries(codes.map((code) => [code, status]));
}

export const httpStatusOf = (code: ErrorCode): number => statusOf[code] ?? 400;

/** The API's error body for a refusal: its code, its English text and the values that text names. */
export function errorBody(detail: ErrorDetail): ApiErrorBody {
  return { error: { code: detail.code, message: errorText(en, detail), ...(detail.params ? { params: detail.params } : {}) } };
}

/** Answers a request with a refusal, at its code's status. */
export function sendError<C extends ErrorCode>(reply: FastifyReply, code: C, ...args: ErrorArgs<C>): FastifyReply {
  const detail = errorDetail(code, ...args);
  return reply.status(httpStatusOf(code)).send(errorBody(detail));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error instanceof AppError ? httpStatusOf(error.detail.code) : (error.statusCode ?? 500);
    // every 429 says when to come back, whoever raised it
    if (error instanceof RetryLaterError || status === 429) reply.header('retry-after', String(error instanceof RetryLaterError ? error.retryAfter : 60));
    if (error instanceof AppError) return reply.status(status).send(errorBody(error.detail));
    if (hasZodFastifySchemaValidationErrors(error)) {
      // the provider nests the zod issue's own params (a limit the schema was made with) one level down
      const [first] = error.validation;
      return reply
        .status(400)
        .send(errorBody(errorOfIssue(first && { message: first.message, params: first.params.params as Record<string, unknown> | undefined })));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody({ code: 'internal' }));
    }
    if (status >= 400 && status < 500) return sendFrameworkError(error, request, reply);
    // a database restarting or a killed connection: nothing is wrong with the request, it can be sent again
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorBody({ code: 'database_unavailable' }));
    }
    // named prepared statements lost between two queries: a transaction-mode pooler that does not keep them
    if (pgErrorOf(error).code === '26000')
      request.log.error(
        { err: error },
        'a prepared statement vanished from its connection: behind PgBouncer in transaction mode, use PgBouncer 1.21+ with max_prepared_statements (docs/operations.md), or session mode',
      );
    else request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody({ code: 'internal' }));
  });
}

/**
 * The framework's own refusals (a malformed %-escape in the path, a body that is not JSON, too
 * large...) with their status: `bad_request`, with the framework's description as the message.
 */
export function sendFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  if (error.code === 'FST_ERR_BAD_URL') return reply.status(status).send(errorBody({ code: 'invalid_url' }));
  return reply.status(status).send({ error: { code: 'bad_request', message: error.message } } satisfies ApiErrorBody);
}
