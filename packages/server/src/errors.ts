import { en, errorDetail, errorText, type ErrorArgs, type ErrorCode, type ErrorDetail } from '@askbox/common';

/**
 * The server's one refusal: a code from common's `ErrorCode`, with the values its text names.
 * Services, workers and the CLI raise it and know nothing of HTTP; http/errors.ts gives each code
 * its status and sends `{ error: { code, message, params } }`. `message` is the English text, for
 * logs, the CLI and API consumers.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly detail: ErrorDetail;

  constructor(
    readonly code: C,
    ...args: ErrorArgs<C>
  ) {
    const detail = errorDetail(code, ...args);
    super(errorText(en, detail));
    this.name = 'AppError';
    this.detail = detail;
  }
}

/** A code raised without values. */
type PlainCode = { [C in ErrorCode]: ErrorArgs<C> extends [] ? C : never }[ErrorCode];

/** A refusal that passes: trying again in `retryAfter` seconds makes sense (sent as Retry-After). */
export class RetryLaterError extends AppError {
  constructor(
    code: PlainCode,
    readonly retryAfter: number,
  ) {
    super(code);
  }
}
