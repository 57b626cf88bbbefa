/**
 * The one HTTP transport of the SPA (spec §7 and §8). The `*-api.ts` modules build every call of spec
 * §7 on it, one typed function each (addresses, payloads and answers); features build their
 * `queryOptions` and mutations on those, never on URLs of their own.
 *
 * - Every call sends the session cookie.
 * - Plain values go as JSON with a JSON content type. FormData goes as is so the browser sets the
 *   multipart boundary itself; a file (Blob) goes as is with its own content type (the upload PUT).
 * - A non-OK response becomes `Error("{status}: {body text}")`, or `Error("{status}: {status text}")`
 *   when the body is empty. Screens recognise errors by that prefix, never by our own error classes,
 *   because that is the format the spec defines.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text().catch(() => '');
  throw new Error(`${response.status}: ${text || response.statusText}`);
}

function contentTypeOf(body: unknown): Record<string, string> | undefined {
  if (body === undefined || body instanceof FormData) return undefined;
  if (body instanceof Blob) return body.type ? { 'Content-Type': body.type } : undefined;
  return { 'Content-Type': 'application/json' };
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  return JSON.stringify(body);
}

/** Sends a request: the browser's fetch; on the server, whatever `sendRequestsThrough` set. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Routes every request of this module elsewhere: the server render (entry-server.tsx) sends them to
 * the gateway in-process, as the viewer whose page it renders.
 */
export function sendRequestsThrough(next: Transport): void {
  transport = next;
}

/** Sends one request; the answer is returned whatever its status. */
function send(method: HttpMethod, url: string, body: unknown, { signal }: RequestOptions): Promise<Response> {
  return transport(url, {
    method,
    credentials: 'include',
    headers: contentTypeOf(body),
    body: encodeBody(body),
    signal,
  });
}

/** One request whose non-OK answer throws in the spec's format. */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const response = await send(method, url, body, options);
  await throwIfNotOk(response);
  return response;
}

/** A path segment from an id or code. */
export const segment = encodeURIComponent;

/** For calls whose answer the spec does not show: only success or failure matters. */
export async function sendOnly(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  await apiRequest(method, url, body);
}

/** Parses a JSON body, treating an empty body (204, or a bare 200) as `null`. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * GET + parse JSON (spec §7 default data fetching). A 401 is an error like any other non-OK status
 * unless the call says `on401: 'returnNull'` (the current-user check, where 401 means signed out).
 */
export async function getJson<T>(
  url: string,
  options: RequestOptions & { on401: 'returnNull' },
): Promise<T | null>;
export async function getJson<T>(url: string, options?: RequestOptions & { on401?: 'throw' }): Promise<T>;
export async function getJson<T>(
  url: string,
  { on401 = 'throw', ...options }: RequestOptions & { on401?: 'throw' | 'returnNull' } = {},
): Promise<T | null> {
  const response = await send('GET', url, undefined, options);
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return readJson<T>(response);
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

/**
 * The server's message for a refusal (403), which says why (e.g. a block between two members), to
 * show in place of a generic failure; null for any other error.
 */
export function refusalDetail(error: unknown): string | null {
  return errorStatus(error) === 403 ? errorDetail(error) : null;
}

/**
 * The human part of an API error: the `message` of a JSON error body (the gateway's 4xx answers
 * carry one the UI may show), or null when there is none.
 */
export function errorDetail(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const body = /^\d{3}: (.*)$/s.exec(error.message)?.[1];
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  } catch {
    // A plain-text body is no message for the member.
  }
  return null;
}
