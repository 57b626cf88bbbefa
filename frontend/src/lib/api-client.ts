import type { QueryFunction, QueryKey } from '@tanstack/react-query';

/**
 * The one HTTP client of the SPA (spec §7 and §8).
 *
 * - Every call sends the session cookie.
 * - Plain values go as JSON with a JSON content type; FormData goes as is so the browser sets the
 *   multipart boundary itself.
 * - A non-OK response becomes `Error("{status}: {body text}")`, or `Error("{status}: {status text}")`
 *   when the body is empty. Screens recognise errors by that prefix, never by our own error classes,
 *   because that is the format the spec defines.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new Error(`${response.status}: ${text || response.statusText}`);
}

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: !hasBody ? undefined : isForm ? body : JSON.stringify(body),
    signal: init.signal,
  });
  await throwIfNotOk(response);
  return response;
}

/** Parses a JSON body, treating an empty body (204, or a bare 200) as `null`. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** GET + parse JSON, with a 401 being an error like any other non-OK status. */
export async function getJson<T>(url: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  return readJson<T>(await apiRequest('GET', url, undefined, init));
}

/** `apiRequest` + `readJson`: for mutations whose answer the screen reads. */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  return readJson<T>(await apiRequest(method, url, body));
}

/** Spec §8: a message like '401: ... Unauthorized' means the session is gone; so does any other `401:`. */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /^401: .*Unauthorized/.test(error.message) || error.message.startsWith('401:');
}

/** The HTTP status an API error was raised for, read back from the spec's message format. */
export function errorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : null;
}

type SearchValue = string | number | boolean | null | undefined;

/**
 * Query keys in this app start with the API path, so the key is also the address:
 * `['/api/posts', id, 'comments']` → `/api/posts/{id}/comments`, and a trailing plain object becomes
 * the query string. Prefix invalidation (`['/api/posts', id]`) then follows the URL hierarchy.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const segments: string[] = [];
  const search = new URLSearchParams();
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(segments.length === 0 ? String(part) : encodeURIComponent(String(part)));
    } else if (part && typeof part === 'object') {
      for (const [name, value] of Object.entries(part as Record<string, SearchValue>)) {
        if (value !== undefined && value !== null) search.set(name, String(value));
      }
    }
  }
  const query = search.toString();
  return segments.join('/') + (query ? `?${query}` : '');
}

export type On401 = 'throw' | 'returnNull';

/**
 * The default data fetch (spec §7): GET the key's URL and parse JSON. A 401 is an error unless the
 * caller says `returnNull` (the current-user check, where 401 simply means signed out).
 */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options?: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: On401 } = { on401: 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(urlFromQueryKey(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return readJson<T>(response);
  };
}
