import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { temporaryFolders } from '@daybreak/testing';
import Fastify from 'fastify';
import request from 'supertest';
import { sendSecurityHeaders } from '../security/security-headers';
import { type PageHeads, type ServerPages, serveSpa } from './serve-spa';
import { RENDERER_FILE } from './server-render/renderer';

const SCRIPT = `export const greeting = ${JSON.stringify('good morning '.repeat(200))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

const newSpaDir = temporaryFolders('spa-');

const NO_HEAD: PageHeads = async () => ({ tags: [], images: [] });

/**
 * A build like the SPA's: a hashed script with its .br and .gz copies, a small file without any; with
 * `routes`, a server bundle whose router knows those paths alone (the real one asks the route tree).
 */
function app(
  pageHeads = NO_HEAD,
  { routes, serverPages }: { routes?: string[]; serverPages?: ServerPages } = {},
) {
  const spaDir = newSpaDir();
  mkdirSync(path.join(spaDir, 'assets'));
  writeFileSync(
    path.join(spaDir, 'index.html'),
    `<!doctype html><html><head><title>Daybreak</title></head><body>${'<p>x</p>'.repeat(300)}<div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(spaDir, 'assets', 'tiny-def456.js'), 'export {};\n');
  writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(spaDir, 'sw.js'), SCRIPT);
  writeFileSync(path.join(spaDir, 'sw.js.br'), brotliCompressSync(SCRIPT));
  mkdirSync(path.join(spaDir, '.vite'));
  writeFileSync(
    path.join(spaDir, '.vite', 'route-preloads.json'),
    JSON.stringify([{ path: '/blog', files: ['/assets/blog-123.js'] }]),
  );
  if (routes) {
    mkdirSync(path.join(spaDir, '.server'));
    writeFileSync(
      path.join(spaDir, RENDERER_FILE),
      `const routes = ${JSON.stringify(routes)};\nexports.isRoute = (pathname) => routes.includes(pathname);\n`,
    );
  }
  const fastify = Fastify();
  sendSecurityHeaders(fastify, { PUBLIC_URL: 'http://127.0.0.1:8080' });
  const ready = serveSpa(fastify, spaDir, pageHeads, serverPages).then(() => fastify.ready());
  apps.push(fastify);
  return { get: (url: string) => request(fastify.server).get(url), ready };
}

const apps: ReturnType<typeof Fastify>[] = [];
afterAll(() => Promise.all(apps.map((fastify) => fastify.close())));

/** Bytes on the wire: supertest decodes the body, so the length says whether it was compressed. */
const sentBytes = (response: request.Response) => Number(response.get('content-length'));

describe('serving the SPA', () => {
  const server = app();
  beforeAll(() => server.ready);

  it('sends the brotli copy of a hashed script to a browser that accepts it, cached for a year', async () => {
    // Chrome lists gzip first; brotli is still the smaller choice.
    const response = await server
      .get('/assets/index-abc123.js')
      .set('Accept-Encoding', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.get('content-encoding')).toBe('br');
    expect(response.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.get('cache-control')).toBe(IMMUTABLE);
    expect(response.get('vary')).toBe('Accept-Encoding');
    expect(response.text).toBe(SCRIPT);
    expect(sentBytes(response)).toBe(brotliCompressSync(SCRIPT).length);
    // The security headers stay on compressed answers too.
    expect(response.get('x-content-type-options')).toBe('nosniff');
    expect(response.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends the gzip copy when brotli is not accepted, and the file itself when neither is', async () => {
    const gzipped = await server.get('/assets/index-abc123.js').set('Accept-Encoding', 'br;q=0, gzip');
    expect(gzipped.get('content-encoding')).toBe('gzip');
    expect(gzipped.get('vary')).toBe('Accept-Encoding');
    expect(gzipped.text).toBe(SCRIPT);
    expect(sentBytes(gzipped)).toBe(gzipSync(SCRIPT).length);

    const plain = await server.get('/assets/index-abc123.js').set('Accept-Encoding', 'identity');
    expect(plain.get('content-encoding')).toBeUndefined();
    expect(plain.get('vary')).toBe('Accept-Encoding');
    expect(plain.get('cache-control')).toBe(IMMUTABLE);
    expect(plain.text).toBe(SCRIPT);
    expect(sentBytes(plain)).toBe(Buffer.byteLength(SCRIPT));
  });

  it('sends a file without compressed copies as it is, with no Vary', async () => {
    const response = await server.get('/assets/tiny-def456.js').set('Accept-Encoding', 'br');
    expect(response.status).toBe(200);
    expect(response.get('content-encoding')).toBeUndefined();
    expect(response.get('vary')).toBeUndefined();
    expect(response.text).toBe('export {};\n');
  });

  it('never caches the service worker, compressed or not', async () => {
    const response = await server.get('/sw.js').set('Accept-Encoding', 'br');
    expect(response.get('content-encoding')).toBe('br');
    expect(response.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.get('cache-control')).toBe('no-cache');
  });

  it.each(['/', '/blog'])('compresses index.html for %s as it sends it, never cached', async (url) => {
    const brotli = await server.get(url).set('Accept-Encoding', 'gzip, br');
    expect(brotli.get('content-encoding')).toBe('br');
    expect(brotli.get('content-type')).toBe('text/html; charset=utf-8');
    expect(brotli.get('cache-control')).toBe('no-cache');
    expect(brotli.get('vary')).toBe('Accept-Encoding');
    expect(brotli.get('x-frame-options')).toBe('DENY');
    expect(brotli.text).toContain('<body><p>x</p>');
    expect(sentBytes(brotli)).toBeLessThan(Buffer.byteLength(brotli.text) / 4);

    const gzipped = await server.get(url).set('Accept-Encoding', 'gzip');
    expect(gzipped.get('content-encoding')).toBe('gzip');
    expect(gzipped.text).toContain('<body><p>x</p>');
    expect(sentBytes(gzipped)).toBeLessThan(Buffer.byteLength(gzipped.text) / 4);

    const plain = await server.get(url).set('Accept-Encoding', 'identity');
    expect(plain.get('content-encoding')).toBeUndefined();
    expect(plain.text).toContain('<body><p>x</p>');
  });

  it("lists the route's scripts as modulepreloads in index.html, and no others", async () => {
    const blog = await server.get('/blog');
    expect(blog.text).toContain('<link rel="modulepreload" crossorigin href="/assets/blog-123.js" />');
    const home = await server.get('/');
    expect(home.text).not.toContain('modulepreload');
  });

  it("preloads the images the page's head names, at high priority", async () => {
    const photo = '/objects/7d9e1c2b-aaaa-4bbb-8ccc-0123456789ab?format=webp&w=640';
    const withPhoto = app(async (pathname) => ({
      tags: [{ tag: 'title', text: 'Ana Early on Daybreak' }],
      images: pathname === '/post/1' ? [photo] : [],
    }));
    await withPhoto.ready;
    const post = await withPhoto.get('/post/1');
    expect(post.text).toContain('<title>Ana Early on Daybreak</title>');
    expect(post.text).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${photo.replace('&', '&amp;')}" />`,
    );
    expect((await withPhoto.get('/blog')).text).not.toContain('as="image"');
  });

  it('does not serve its list of route scripts', async () => {
    const response = await server.get('/.vite/route-preloads.json');
    expect(response.text).not.toContain('blog-123');
  });

  it('does not serve a source map that a build holds, however the path is spelled', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.m%61p',
      '/assets/index-abc123.js.MAP',
    ]) {
      const response = await server.get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.text).not.toContain('secret.ts');
    }
  });

  it('does not serve a path outside the build, encoded or not', async () => {
    const response = await server.get('/assets/..%2F..%2Fetc%2Fpasswd').set('Accept-Encoding', 'br');
    expect(response.get('content-type')).toBe('text/html; charset=utf-8'); // the SPA's fallback, not a file
    expect(response.text).toContain('<body><p>x</p>');
  });
});

describe("answering 404 for what does not exist, with the SPA's page all the same", () => {
  const articleTitle = { tag: 'title', text: 'Why 5 AM | Daybreak Blog' } as const;
  const notFoundTitle = { tag: 'title', text: 'Post Not Found | Daybreak Blog' } as const;
  /** Unknown articles and posts are missing, as LinkPreviews says. */
  const heads: PageHeads = async (pathname) =>
    pathname === '/blog/why-5am' || pathname === '/post/1'
      ? { tags: [articleTitle], images: [], missing: false }
      : {
          tags: [notFoundTitle],
          images: [],
          missing: pathname.startsWith('/blog/') || pathname.startsWith('/post/'),
        };
  const routes = ['/', '/blog', '/blog/why-5am', '/blog/unknown', '/post/1', '/post/2', '/test/celebration'];

  it("answers 404 for a path that is none of the SPA's routes, and 200 for its routes", async () => {
    const server = app(heads, { routes });
    await server.ready;
    for (const url of ['/nothing-here', '/nothing-here?x=1', '/.vite/route-preloads.json']) {
      const response = await server.get(url).set('Accept-Encoding', 'br');
      expect({ url, status: response.status }).toEqual({ url, status: 404 });
      expect(response.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.text).toContain('<body><p>x</p>'); // index.html: the SPA shows its not-found screen
    }
    for (const url of ['/', '/blog', '/test/celebration']) {
      expect({ url, status: (await server.get(url)).status }).toEqual({ url, status: 200 });
    }
  });

  it('answers 404 for a missing post or article, with its head tags', async () => {
    const server = app(heads, { routes });
    await server.ready;
    const missing = await server.get('/blog/unknown');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('<title>Post Not Found | Daybreak Blog</title>');
    expect((await server.get('/post/2')).status).toBe(404);
    const found = await server.get('/blog/why-5am');
    expect(found.status).toBe(200);
    expect(found.text).toContain('<title>Why 5 AM | Daybreak Blog</title>');
    expect((await server.get('/post/1')).status).toBe(200);
  });

  it('keeps a guest copy with its status: a kept 404 page stays 404, a kept 200 page stays 200', async () => {
    // One render per address, kept and served to every guest, as ServerRenderedPages does.
    const renders = new Map(
      ['/blog/unknown', '/blog/why-5am'].map((url) => [url, { html: `<p>${url}</p>`, state: '{}' }]),
    );
    const pageHeads = jest.fn(heads);
    const server = app(pageHeads, {
      routes,
      serverPages: async (_request, pathname) => {
        const body = renders.get(pathname);
        return body ? { body, viewer: 'guest' } : null;
      },
    });
    await server.ready;
    for (const encoding of ['br', 'gzip', 'identity', 'br']) {
      const missing = await server.get('/blog/unknown').set('Accept-Encoding', encoding);
      expect({ encoding, status: missing.status }).toEqual({ encoding, status: 404 });
      expect(missing.text).toContain('<p>/blog/unknown</p>');
      const found = await server.get('/blog/why-5am').set('Accept-Encoding', encoding);
      expect({ encoding, status: found.status }).toEqual({ encoding, status: 200 });
      expect(found.text).toContain('<p>/blog/why-5am</p>');
    }
    // Made once per render: the later answers were the kept pages.
    expect(pageHeads).toHaveBeenCalledTimes(2);
  });

  it("decides a member's page for each request, never kept", async () => {
    let missing = true;
    const server = app(async () => ({ tags: [], images: [], missing }), {
      routes,
      serverPages: async () => ({ body: { html: '<p>yours</p>', state: '{}' }, viewer: 'member' }),
    });
    await server.ready;
    const gone = await server.get('/post/2');
    expect(gone.status).toBe(404);
    expect(gone.get('cache-control')).toBe('private, no-store');
    missing = false;
    expect((await server.get('/post/2')).status).toBe(200);
  });

  it('takes every path for a route when the build has no route matcher (an older build)', async () => {
    const server = app(NO_HEAD);
    await server.ready;
    expect((await server.get('/nothing-here')).status).toBe(200);
  });
});
