import { once } from 'node:events';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { Global, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { IDENTITY_HEADER, configureServiceApp, verifyIdentityToken } from '@daybreak/nest-common';
import { RedisModule } from '@daybreak/redis';
import type { NextFunction, Request, Response } from 'express';
import { GATEWAY_CONFIG, loadGatewayConfig } from '../src/config';
import { MediaClient } from '../src/media/media.client';
import { MediaModule } from '../src/media/media.module';
import { MAX_UPLOAD_BYTES } from '../src/media/upload-limit';

// The gateway's media routes over HTTP, against a stand-in media service that records what reaches
// it (the real one has its own integration tests), with real Redis for the rate limits.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56379';
const SERVICE_TOKEN_SECRET = 'media-int-test-service-token-secret-0123456789';
const TOKEN = 'T'.repeat(43);
const IMAGE_ID = '0b5c7f0e-9a43-4d8e-8d7a-3f1f4c2b6a10';
const IMAGE = Buffer.from('pretend these are webp bytes');
/** A token the stand-in refuses at once, without reading the upload. */
const EARLY_REFUSAL = 'E'.repeat(43);

interface Received {
  method: string;
  url: string;
  viewer: string | null | undefined;
  contentType: string | undefined;
  transferEncoding: string | undefined;
  bytes: number;
}

/** Answers like the media service, and records every request with the identity it carried. */
function fakeMediaService(received: Received[]): Server {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === `/upload-intents/${EARLY_REFUSAL}`) {
      // Like the real service for a used URL: it answers before reading the body.
      return json(res, 410, {
        statusCode: 410,
        code: 'MEDIA.INTENT_USED',
        message: 'This upload link was already used.',
      });
    }
    let bytes = 0;
    try {
      for await (const chunk of req) bytes += (chunk as Buffer).length;
    } catch {
      return; // the gateway gave up on this upload (e.g. past the size limit)
    }
    const viewer = verifyIdentityToken(
      req.headers[IDENTITY_HEADER] as string | undefined,
      SERVICE_TOKEN_SECRET,
    );
    received.push({
      method: req.method!,
      url: req.url!,
      viewer: viewer?.userId,
      contentType: req.headers['content-type'],
      transferEncoding: req.headers['transfer-encoding'],
      bytes,
    });
    const route = `${req.method} ${req.url}`;
    if (route === 'POST /upload-intents')
      return json(res, 201, { uploadURL: `/api/objects/uploads/${TOKEN}` });
    if (route === `PUT /upload-intents/${TOKEN}`)
      return json(res, 200, { objectPath: `/objects/${IMAGE_ID}` });
    if (route === `GET /upload-intents/${TOKEN}`)
      return json(res, 200, { objectPath: `/objects/${IMAGE_ID}` });
    if (route.startsWith('PUT /upload-intents/')) {
      return json(res, 410, {
        statusCode: 410,
        code: 'MEDIA.INTENT_USED',
        message: 'This upload link was already used.',
      });
    }
    if (route === 'POST /objects') return json(res, 201, { objectPath: `/objects/${IMAGE_ID}` });
    if (req.method === 'GET' && req.url?.startsWith(`/objects/${IMAGE_ID}`)) {
      const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', etag: '"v1"' };
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, cacheHeaders).end();
      res.writeHead(200, {
        ...cacheHeaders,
        'content-type': 'image/webp',
        'content-length': String(IMAGE.length),
        'x-content-type-options': 'nosniff',
        'x-internal-detail': 'not for browsers',
      });
      return void res.end(IMAGE);
    }
    json(res, 404, { statusCode: 404, code: 'MEDIA.NOT_FOUND', message: 'Image not found' });
  });
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('gateway media routes (stand-in media service, real Redis)', () => {
  const received: Received[] = [];
  let media: Server;
  let app: INestApplication;
  let gateway: string;

  beforeAll(async () => {
    media = fakeMediaService(received);
    const config = loadGatewayConfig({
      REDIS_URL,
      OIDC_ISSUER_URL: 'http://127.0.0.1:1/unused',
      OIDC_CLIENT_ID: 'unused',
      OIDC_CLIENT_SECRET: 'unused',
      SESSION_SECRET: 'media-int-test-session-secret-0123456789',
      SERVICE_TOKEN_SECRET,
      MEDIA_URL: await listen(media),
    });

    // What the gateway's AppModule provides globally.
    @Global()
    @Module({ providers: [{ provide: GATEWAY_CONFIG, useValue: config }], exports: [GATEWAY_CONFIG] })
    class GatewayStandInModule {}

    @Module({ imports: [GatewayStandInModule, RedisModule.forRoot(REDIS_URL), MediaModule] })
    class MediaTestModule {}

    app = await NestFactory.create(MediaTestModule, { logger: ['error'] });
    configureServiceApp(app, { name: 'gateway' });
    // Sessions stand-in: the member a test names is signed in (the real sessions are tested elsewhere).
    app.use('/api', (req: Request, _res: Response, next: NextFunction) => {
      const member = req.header('x-test-member');
      if (member) Object.assign(req, { session: { userId: member } });
      next();
    });
    await app.listen(0, '127.0.0.1');
    gateway = await app.getUrl();
  });
  afterAll(async () => {
    await app?.close();
    media?.close();
  });
  beforeEach(() => received.splice(0));

  const asMember = (member: string) => ({ 'x-test-member': member });

  it('hands a member a single-use upload URL, and refuses guests', async () => {
    const response = await fetch(`${gateway}/api/objects/upload`, {
      method: 'POST',
      headers: asMember('ana'),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uploadURL: `/api/objects/uploads/${TOKEN}` });
    expect(received).toEqual([
      expect.objectContaining({ method: 'POST', url: '/upload-intents', viewer: 'ana' }),
    ]);
    expect((await fetch(`${gateway}/api/objects/upload`, { method: 'POST' })).status).toBe(401);
  });

  it('streams the PUT body to the media service with its content type', async () => {
    const file = Buffer.alloc(3 * 1024 * 1024, 7);
    const response = await fetch(`${gateway}/api/objects/uploads/${TOKEN}`, {
      method: 'PUT',
      headers: { ...asMember('ana'), 'content-type': 'image/png' },
      body: file,
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ objectPath: `/objects/${IMAGE_ID}` });
    expect(received).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: `/upload-intents/${TOKEN}`,
        viewer: 'ana',
        contentType: 'image/png',
        transferEncoding: 'chunked', // streamed, not buffered into one body
        bytes: file.length,
      }),
    ]);
  });

  it("passes the media service's refusal through (410 for a used URL)", async () => {
    const response = await fetch(`${gateway}/api/objects/uploads/${'U'.repeat(43)}`, {
      method: 'PUT',
      headers: { ...asMember('ana'), 'content-type': 'image/jpeg' },
      body: Buffer.alloc(1000),
    });
    expect(response.status).toBe(410);
    expect(await response.json()).toMatchObject({ message: 'This upload link was already used.' });
  });

  it('drains an upload refused before it was all sent, so the connection stays usable', async () => {
    const refused = await fetch(`${gateway}/api/objects/uploads/${EARLY_REFUSAL}`, {
      method: 'PUT',
      headers: { ...asMember('ana'), 'content-type': 'image/jpeg' },
      body: Buffer.alloc(3_000_000),
    });
    expect(refused.status).toBe(410);
    await refused.arrayBuffer();

    // Sequential requests reuse the keep-alive connection; an undrained body would hang it.
    for (let i = 0; i < 3; i++) {
      const image = await fetch(`${gateway}/objects/${IMAGE_ID}`, { signal: AbortSignal.timeout(2000) });
      expect(image.status).toBe(200);
      await image.arrayBuffer();
    }
  });

  it('refuses over 10 MB: at once when Content-Length says so, and mid-stream when it does not', async () => {
    const declared = await fetch(`${gateway}/api/objects/uploads/${TOKEN}`, {
      method: 'PUT',
      headers: { ...asMember('ana'), 'content-type': 'image/jpeg' },
      body: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      code: 'MEDIA.TOO_LARGE',
      message: 'File size must be less than 10MB',
    });
    expect(received).toEqual([]);

    let sent = 0;
    const chunked = await fetch(`${gateway}/api/objects/uploads/${TOKEN}`, {
      method: 'PUT',
      headers: { ...asMember('ana'), 'content-type': 'image/jpeg' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ === 12) return controller.close();
          controller.enqueue(new Uint8Array(1024 * 1024));
        },
      }),
      duplex: 'half',
    });
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toMatchObject({ code: 'MEDIA.TOO_LARGE' });
    expect(received.every((request) => request.bytes <= MAX_UPLOAD_BYTES)).toBe(true);
  });

  it('requires a member to upload', async () => {
    const response = await fetch(`${gateway}/api/objects/uploads/${TOKEN}`, {
      method: 'PUT',
      body: Buffer.alloc(10),
    });
    expect(response.status).toBe(401);
  });

  it('proxies an image as a guest, streaming it with its caching headers, and revalidates with 304', async () => {
    const response = await fetch(`${gateway}/objects/${IMAGE_ID}?format=webp&w=640&utm=x`);

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(IMAGE);
    expect(
      Object.fromEntries(
        ['content-type', 'content-length', 'cache-control', 'etag', 'x-content-type-options'].map((h) => [
          h,
          response.headers.get(h),
        ]),
      ),
    ).toEqual({
      'content-type': 'image/webp',
      'content-length': String(IMAGE.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: '"v1"',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.get('x-internal-detail')).toBeNull();
    // Only the variant parameters reach the service; the caller is a guest.
    expect(received).toEqual([
      expect.objectContaining({ method: 'GET', url: `/objects/${IMAGE_ID}?format=webp&w=640`, viewer: null }),
    ]);

    const revalidated = await fetch(`${gateway}/uploads/${IMAGE_ID}?format=webp&w=640`, {
      headers: { 'if-none-match': '"v1"' },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe('"v1"');
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("passes the media service's 404 through", async () => {
    const response = await fetch(`${gateway}/objects/0b5c7f0e-0000-4d8e-8d7a-3f1f4c2b6a10`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Image not found' });
    expect(response.headers.get('cache-control')).toBeNull();
  });

  it('gives other controllers storeImage and the object path behind an upload URL', async () => {
    const client = app.get(MediaClient);

    expect(await client.storeImage('ben', Buffer.from('jpeg bytes'), 'image/jpeg')).toEqual({
      objectPath: `/objects/${IMAGE_ID}`,
    });
    expect(await client.objectPathOfUploadUrl('ben', `/api/objects/uploads/${TOKEN}`)).toBe(
      `/objects/${IMAGE_ID}`,
    );
    expect(await client.objectPathOfUploadUrl('ben', 'https://elsewhere.example/x.png')).toBeNull();
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/objects',
        viewer: 'ben',
        contentType: 'image/jpeg',
        bytes: 10,
      }),
      expect.objectContaining({ method: 'GET', url: `/upload-intents/${TOKEN}`, viewer: 'ben' }),
    ]);
  });
});
