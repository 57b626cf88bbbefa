import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryFolders } from '@daybreak/testing';
import Fastify from 'fastify';
import request from 'supertest';
import { serveSpa } from '../spa/serve-spa';
import { CONTENT_SECURITY_POLICY, sendSecurityHeaders } from './security-headers';

const apps: ReturnType<typeof Fastify>[] = [];
afterAll(() => Promise.all(apps.map((fastify) => fastify.close())));
const newSpaDir = temporaryFolders('spa-');

/**
 * The gateway's kinds of answer behind the headers: the SPA, the API, images, and an answer written
 * on the raw response past Fastify's reply (the event stream, passport's redirect).
 */
async function app(publicUrl: string) {
  const spaDir = newSpaDir();
  writeFileSync(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html><head><title>Daybreak</title><script type="module" src="/a.js"></script></head></html>',
  );
  const fastify = Fastify();
  apps.push(fastify);
  sendSecurityHeaders(fastify, { PUBLIC_URL: publicUrl });
  fastify.get('/api/auth/user', (_request, reply) => reply.code(401).send({ code: 'AUTH.UNAUTHORIZED' }));
  fastify.get('/objects/:id', (_request, reply) => reply.type('image/webp').send(Buffer.from('RIFF')));
  fastify.get('/api/notifications/stream', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
    reply.raw.end('event: unread\ndata: {"count":0}\n\n');
  });
  await serveSpa(fastify, spaDir, async () => ({ tags: [], images: [] }));
  await fastify.ready();
  return fastify.server;
}

const PATHS = ['/', '/profile', '/api/auth/user', '/objects/abc', '/api/notifications/stream'];

describe('security headers', () => {
  it.each(PATHS)('%s: CSP without inline script, no framing, nosniff, referrer policy', async (url) => {
    const response = await request(await app('http://127.0.0.1:8080')).get(url);
    const csp = response.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]); // no 'unsafe-inline', no 'unsafe-eval'
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(response.get('x-content-type-options')).toBe('nosniff');
    expect(response.get('x-frame-options')).toBe('DENY');
    expect(response.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it.each(PATHS)('%s: HSTS only when PUBLIC_URL is https', async (url) => {
    const https = await request(await app('https://daybreak.example')).get(url);
    expect(https.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const http = await request(await app('http://127.0.0.1:8080')).get(url);
    expect(http.get('strict-transport-security')).toBeUndefined();
  });
});
