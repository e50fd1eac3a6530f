import { type ApiErrorBody } from '@askbox/common';
import { t, translateMessage } from '../i18n';

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

async function request<T>(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw networkError();
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) throw errorFromResponse(response.status, parseBody(text));
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

/** A refused request: the server's `{ error: { code, message } }`, or a generic message. */
export function errorFromResponse(status: number, data: unknown): ApiError {
  const error = (data as ApiErrorBody | undefined)?.error;
  return new ApiError(status, error?.code ?? 'error', error?.message ?? t('somethingWentWrong'));
}

export const api = {
  get: <T>(url: string, init?: RequestInit) => request<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
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
