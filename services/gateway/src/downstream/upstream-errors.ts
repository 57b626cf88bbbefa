/**
 * What the browser reads when a call to a service goes wrong: a service's own 4xx (or 503) passed on
 * as it is, and the gateway's answers for one that is busy, slow, away or failing. Kept apart from the
 * transport so the messages a person sees are in one place.
 */

/** Whether `error` is a downstream answer with this status (e.g. 404), as `call` throws them. */
export const hasStatus = (error: unknown, status: number): boolean =>
  (error as { getStatus?: () => number }).getStatus?.() === status;

/** undici's errors for a service that answered (or sent) nothing in time. A connect timeout is not
 * one: a service that can't be reached is unavailable, as one that refuses the connection. */
export const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

export const UPSTREAM_TIMEOUT = {
  statusCode: 504,
  code: 'UPSTREAM.TIMEOUT',
  message: 'The service took too long to answer. Please try again.',
};
export const UPSTREAM_BUSY = {
  statusCode: 503,
  code: 'UPSTREAM.BUSY',
  message: 'Service busy. Please try again in a moment.',
};
export const UPSTREAM_UNAVAILABLE = {
  statusCode: 503,
  code: 'UPSTREAM.UNAVAILABLE',
  message: 'Service temporarily unavailable. Please try again.',
};
export const UPSTREAM_FAILED = {
  statusCode: 502,
  code: 'UPSTREAM.FAILED',
  message: 'Something went wrong on our side. Please try again.',
};

/** A service's error answer (`{statusCode, code, message}`), if `text` is one. */
export function errorBodyOf(text: string): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.message === 'string') return body;
  } catch {
    // not JSON
  }
  return undefined;
}

export function parseErrorBody(text: string, status: number): Record<string, unknown> {
  return (
    errorBodyOf(text) ?? { statusCode: status, code: `HTTP.${status}`, message: text || 'Request failed' }
  );
}
