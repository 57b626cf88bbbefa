import type { FastifyInstance } from 'fastify';

/** What the render's requests carry of the page's own request. */
export interface Viewer {
  /** The member's Cookie header; none for a guest. */
  cookie?: string;
  /** The visitor's address: the API's per-address limits count the render's reads as theirs. */
  address: string;
}

/** Answers that must have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the server render that calls the gateway's own API in-process (`fastify.inject`):
 * no socket, yet every hook and guard runs as for the browser's own request (session, limits).
 */
export function inProcessFetch(fastify: FastifyInstance, viewer: Viewer) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    if (!url.startsWith('/api/')) throw new Error(`The server render reads only the API, not ${url}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (viewer.cookie) headers.cookie = viewer.cookie;
    const answer = await fastify.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: viewer.address,
    });
    const body = NULL_BODY_STATUSES.has(answer.statusCode) ? null : answer.rawPayload;
    return new Response(body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}
