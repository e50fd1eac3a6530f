import { isErrorCode, type ApiErrorBody, type ErrorCode, type ErrorDetail } from '@askbox/common';
import { t, translateError } from '../i18n';
import { idempotencyKeyFor, settled } from './idempotency';

/**
 * A refused request: the server's error code with the values its text names, or `network` when
 * the request never reached the server. `message` is its text in the user's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    readonly params?: ErrorDetail['params'],
    /** Seconds the server asked to wait before trying again (a 429's Retry-After). */
    readonly retryAfter?: number,
  ) {
    super();
    this.name = 'ApiError';
    this.message = apiErrorText(this);
  }
}

async function request<T>(method: string, url: string, body?: unknown, init: RequestInit = {}, extraHeaders: Record<string, string> = {}): Promise<T> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? extraHeaders : { 'content-type': 'application/json', ...extraHeaders },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw networkError();
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, parseBody(text), response.headers.get('retry-after'));
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An error body as JSON; undefined when empty or not JSON (a proxy's error page). */
export function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The request never reached the server. */
export const networkError = () => new ApiError(0, 'network');

/**
 * A refused request from the server's `{ error: { code, params } }` (its English `message` is for
 * other clients); a body without a code we know (a proxy's error page) is `internal`. A 429's
 * Retry-After (seconds) says when to try again.
 */
export function errorFromResponse(status: number, data: unknown, retryAfter?: string | null): ApiError {
  const error = (data as Partial<ApiErrorBody> | undefined)?.error;
  const seconds = status === 429 && retryAfter && /^\d+$/.test(retryAfter) ? Math.max(1, Number(retryAfter)) : undefined;
  return isErrorCode(error?.code) ? new ApiError(status, error.code, error.params, seconds) : new ApiError(status, 'internal', undefined, seconds);
}

/** An API error's text in the user's language: 'Too many attempts. Try again in 14 minutes.' when the server said when. */
function apiErrorText({ code, params, retryAfter }: ApiError): string {
  if (code === 'network') return navigator.onLine ? t('somethingWentWrong') : t('offline');
  if (retryAfter !== undefined)
    return retryAfter < 60 ? t('tryAgainInSeconds', { count: retryAfter }) : t('tryAgainInMinutes', { count: Math.ceil(retryAfter / 60) });
  return translateError({ code, params });
}

/** A POST the server must not apply twice: sent again (after a lost answer), it carries the same Idempotency-Key. */
async function postOnce<T>(url: string, body: unknown): Promise<T> {
  const write = `${url} ${JSON.stringify(body)}`;
  try {
    const result = await request<T>('POST', url, body, {}, { 'idempotency-key': idempotencyKeyFor(write) });
    settled(write);
    return result;
  } catch (error) {
    // a refusal stays a refusal; a 5xx or a lost connection may have written it: keep the key
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) settled(write);
    throw error;
  }
}

export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
  postOnce,
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
};

/** The message to show for any thrown error, in the current language. */
export function errorMessage(error: unknown, fallback: string = t('somethingWentWrong')): string {
  return error instanceof ApiError ? apiErrorText(error) : fallback;
}

/** Queries retry network blips, never a 4xx (blocked, unknown user...): asking again will not change it. */
export const retryUnlessClientError = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
