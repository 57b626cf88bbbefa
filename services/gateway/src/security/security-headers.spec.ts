import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { serveSpa } from '../spa/serve-spa';
import { CONTENT_SECURITY_POLICY, securityHeaders } from './security-headers';

/** The gateway's three kinds of answer behind the headers: the SPA, the API and images. */
function app(publicUrl: string) {
  const spaDir = mkdtempSync(path.join(tmpdir(), 'spa-'));
  writeFileSync(
    path.join(spaDir, 'index.html'),
    '<!doctype html><html><head><title>Daybreak</title><script type="module" src="/a.js"></script></head></html>',
  );
  const server = express();
  server.use(securityHeaders({ PUBLIC_URL: publicUrl }));
  server.get('/api/auth/user', (_req, res) => res.status(401).json({ code: 'AUTH.UNAUTHORIZED' }));
  server.get('/objects/:id', (_req, res) => res.type('image/webp').send(Buffer.from('RIFF')));
  server.use(serveSpa(spaDir, async () => ({ tags: [], images: [] })));
  return server;
}

const PATHS = ['/', '/profile', '/api/auth/user', '/objects/abc'];

describe('security headers', () => {
  it.each(PATHS)('%s: CSP without inline script, no framing, nosniff, referrer policy', async (url) => {
    const response = await request(app('http://127.0.0.1:8080')).get(url);
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
    const https = await request(app('https://daybreak.example')).get(url);
    expect(https.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    const http = await request(app('http://127.0.0.1:8080')).get(url);
    expect(http.get('strict-transport-security')).toBeUndefined();
  });
});
