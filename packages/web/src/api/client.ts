import { type ApiErrorBody } from '@askbox/common';
import { t, translateMessage } from '../i18n';
import { idempotencyKeyFor, settled } from './idempotency';

/** An API error carrying the server's message (in the spec's words where it has them). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
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
export const networkError = () => new ApiError(0, 'network', navigator.onLine ? t('somethingWentWrong') : t('offline'));

/** 'Too many attempts. Try again in 14 minutes.' from a Retry-After in seconds. */
function tooManyRequestsRetry(seconds: number): string {
  return seconds < 60 ? t('tryAgainInSeconds', { count: seconds }) : t('tryAgainInMinutes', { count: Math.ceil(seconds / 60) });
}

/**
 * A refused request: the server's `{ error: { code, message } }`, or a generic message. A 429 with
 * Retry-After (seconds) says when to try again.
 */
export function errorFromResponse(status: number, data: unknown, retryAfter?: string | null): ApiError {
  const error = (data as ApiErrorBody | undefined)?.error;
  const seconds = status === 429 && retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  const message = seconds !== null ? tooManyRequestsRetry(Math.max(1, seconds)) : (error?.message ?? t('somethingWentWrong'));
  return new ApiError(status, error?.code ?? 'error', message);
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

/** The message to show for any thrown error. */
export function errorMessage(error: unknown, fallback: string = t('somethingWentWrong')): string {
  // the server speaks English with a code; the user reads their own language
  return error instanceof ApiError ? translateMessage(error.message, error.code) : fallback;
}

/** Queries retry network blips, never a 4xx (blocked, unknown user...): asking again will not change it. */
export const retryUnlessClientError = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
