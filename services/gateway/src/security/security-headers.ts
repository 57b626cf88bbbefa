import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from '../config';

/**
 * The SPA's Content Security Policy. Everything it loads is on our origin: the Vite build's scripts and
 * stylesheet (index.html has no inline script), the API and its event stream, images from /objects and
 * /uploads, the manifest and the service worker. `data:`/`blob:` images are previews of a photo being
 * picked. Styles allow 'unsafe-inline' because Radix dialogs lock page scrolling with a <style> element
 * they insert at run time; inline styles cannot run code, inline scripts stay refused.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Two years, the preload list's minimum; only ever sent over https, where browsers honour it. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Security headers on every gateway response (the SPA, the API, images): the CSP, no framing by any
 * site, no MIME sniffing, only the origin as referrer to other sites, and HSTS when PUBLIC_URL is https.
 * Returns the function that writes them on a raw response (also used for answers Fastify writes
 * before any hook runs, such as a malformed URL's 400).
 */
export function securityHeaders(config: Pick<GatewayConfig, 'PUBLIC_URL'>): (res: ServerResponse) => void {
  const headers: Record<string, string> = {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Frame-Options': 'DENY', // frame-ancestors for browsers that predate it
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (new URL(config.PUBLIC_URL).protocol === 'https:') headers['Strict-Transport-Security'] = HSTS;
  const entries = Object.entries(headers);
  return (res) => {
    for (const [name, value] of entries) res.setHeader(name, value);
  };
}

/**
 * Sends the security headers on every answer, as the first thing a request meets. Written on the raw
 * response rather than with `reply.header`: an event stream or passport's redirect to the provider is
 * written past Fastify's reply, and Fastify merges raw headers into the ones it sends.
 */
export function sendSecurityHeaders(
  fastify: FastifyInstance,
  config: Pick<GatewayConfig, 'PUBLIC_URL'>,
): void {
  const write = securityHeaders(config);
  fastify.addHook('onRequest', (_request, reply, done) => {
    write(reply.raw);
    done();
  });
}
