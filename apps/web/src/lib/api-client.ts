import type { ApiErrorBody } from '@app/shared';

/** Any failed call to our API. Components decide what the user is told; this never shows or redirects. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** What the server adds for the client to act on, e.g. the free alternatives of a 409 SLOT_UNAVAILABLE. */
  readonly details?: unknown;
  constructor(code: string, status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    if (details !== undefined) this.details = details;
  }
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

type RequestOptions = Omit<RequestInit, 'body'> & { body?: unknown };

/** Fetches `/api${path}` as JSON; a non-2xx answer or a network failure throws ApiError. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers, ...init } = options;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError('NETWORK', 0, cause instanceof Error ? cause.message : 'The network request failed.');
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(parsed))
      throw new ApiError(parsed.error.code, response.status, parsed.error.message, parsed.error.details);
    throw new ApiError('HTTP_ERROR', response.status, response.statusText || `Request failed with ${response.status}`);
  }
  return parsed as T;
}

/** What to tell the person of a failed call: the server's own words, or that it did not answer. */
export function serverMessage(error: Error): string {
  return error instanceof ApiError ? error.message : 'The server did not answer.';
}
