import http from 'node:http';
import { HttpBrowser } from '@daybreak/testing';

/**
 * Whatever a raw call got back, not yet read: a test reads a JSON answer through a typed verb
 * (api-verbs.ts, typed by the contract's route table) or a refusal through `refusalOf`, so no body
 * is read as `any`.
 */
type ResponseBody = unknown;

/** A signed-in member (or a guest) calling the gateway's API the way the SPA does. */
export interface ApiCaller {
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: ResponseBody; headers: Headers }>;
  /**
   * Sends `path` byte for byte. fetch (like any WHATWG URL) would resolve `..`, `.` and `%2e%2e`
   * on the client side, so a test of what the server does with them needs the raw request line.
   */
  callRawPath(method: string, path: string): Promise<{ status: number; body: ResponseBody }>;
}

/** The Cookie header a browser would send (empty for a guest). */
export const cookieHeader = (browser: HttpBrowser | null): string =>
  [...(browser?.cookies ?? [])].map(([name, { value }]) => `${name}=${value}`).join('; ');

const parseBody = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text; // not JSON (e.g. the SPA's index.html)
  }
};

export function callerFor(baseUrl: string, browser: HttpBrowser | null): ApiCaller {
  return {
    async call(method, path, body, headers = {}) {
      // FormData and Blob bodies go as they are (multipart, raw uploads); anything else as JSON.
      const isRaw = body instanceof FormData || body instanceof Blob;
      const init: RequestInit = {
        method,
        // Browsers send Origin on state-changing requests; the gateway checks it.
        headers: {
          origin: baseUrl,
          ...(body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : isRaw ? (body as BodyInit) : JSON.stringify(body),
      };
      const response = browser
        ? await browser.get(`${baseUrl}${path}`, init)
        : await fetch(`${baseUrl}${path}`, { ...init, redirect: 'manual' });
      return { status: response.status, body: parseBody(await response.text()), headers: response.headers };
    },
    callRawPath(method, path) {
      const cookie = cookieHeader(browser);
      return new Promise((resolve, reject) => {
        const request = http.request(
          new URL(baseUrl),
          { method, path, headers: { origin: baseUrl, cookie, 'content-length': '0' } },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (text += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: parseBody(text) }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    },
  };
}
