import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MEDIA_ERROR } from '@daybreak/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { IDENTITY_HEADER, identityAudience, signIdentityToken } from '@daybreak/nest-common';
import { HttpBrowser, signInMember } from '@daybreak/testing';
import sharp from 'sharp';
import { newMember } from '../support/identity';
import { stackEnv } from '../support/stack-env';

const MB = 1024 * 1024;

/**
 * The gateway's media routes through the real gateway and media service: direct uploads streamed on
 * to the service under the gateway's size limit, and images proxied to guests with their caching
 * headers. (Upload URLs being single-use and the owner's only, and post photos, are in photos.)
 */
describe('media through the gateway', () => {
  const stack = stackEnv();
  const gateway = stack.baseUrl;
  let ana: HttpBrowser;
  let image: { id: string; objectPath: string };

  const jpeg = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#fb923c' } })
      .jpeg()
      .toBuffer();

  /** A request the way the SPA makes it: browsers send Origin on state-changing requests. */
  const send = (browser: HttpBrowser, method: string, path: string, init: RequestInit = {}) =>
    browser.get(`${gateway}${path}`, {
      ...init,
      method,
      headers: { origin: gateway, ...(init.headers as Record<string, string>) },
    });

  async function newUploadUrl(browser: HttpBrowser): Promise<string> {
    const response = await send(browser, 'POST', '/api/objects/upload');
    expect(response.status).toBe(200);
    const { uploadURL } = (await response.json()) as { uploadURL: string };
    expect(uploadURL).toMatch(/^\/api\/objects\/uploads\/[A-Za-z0-9_-]+$/);
    return uploadURL;
  }

  const putImage = (browser: HttpBrowser, uploadURL: string, bytes: Buffer, type = 'image/jpeg') =>
    send(browser, 'PUT', uploadURL, { headers: { 'content-type': type }, body: new Uint8Array(bytes) });

  beforeAll(async () => {
    ana = await signInMember(gateway, newMember('Ana'));
    const uploaded = await putImage(ana, await newUploadUrl(ana), await jpeg());
    expect(uploaded.status).toBe(200);
    const { objectPath } = (await uploaded.json()) as { objectPath: string };
    image = { id: objectPath.split('/')[2], objectPath };
  });

  it('refuses guests an upload URL and an upload', async () => {
    const visitor = new HttpBrowser();
    expect((await send(visitor, 'POST', '/api/objects/upload')).status).toBe(401);
    const uploadURL = await newUploadUrl(ana);
    expect((await putImage(visitor, uploadURL, await jpeg())).status).toBe(401);
  });

  it('streams a PUT body of unknown length on to the media service intact', async () => {
    // ~3 MB of noise as a PNG (which the media service keeps losslessly as the original).
    const [width, height] = [1024, 1024];
    const pixels = randomBytes(width * height * 3);
    const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(3 * MB);

    // Sent in pieces without a Content-Length (chunked): nothing on the way can size it in advance.
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= png.length) return controller.close();
        controller.enqueue(new Uint8Array(png.subarray(offset, offset + 64 * 1024)));
        offset += 64 * 1024;
      },
    });
    const response = await send(ana, 'PUT', await newUploadUrl(ana), {
      headers: { 'content-type': 'image/png' },
      body,
      duplex: 'half',
    } as RequestInit);

    expect(response.status).toBe(200);
    const { objectPath } = (await response.json()) as { objectPath: string };
    expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    const original = await fetch(`${gateway}${objectPath}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    const stored = await sharp(Buffer.from(await original.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(stored.info).toMatchObject({ width, height, channels: 3 });
    expect(stored.data.equals(pixels)).toBe(true);
  });

  it('refuses over 10 MB: at once when Content-Length says so, and mid-stream when it does not', async () => {
    const uploadURL = await newUploadUrl(ana);
    const declared = await putImage(ana, uploadURL, Buffer.alloc(MAX_UPLOAD_BYTES + 1));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      code: MEDIA_ERROR.TOO_LARGE,
      message: FILE_TOO_LARGE_MESSAGE,
    });
    // Refused at the gateway: the media service never saw it, so the URL is still unused.
    expect((await putImage(ana, uploadURL, await jpeg())).status).toBe(200);

    // 11 MB without a length, and then the body stays open: the answer can only come from a count
    // made while the bytes pass, not from a body read to its end.
    let sent = 0;
    let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        stream = controller;
        if (sent >= 11 * MB) return new Promise<void>(() => undefined);
        sent += MB;
        controller.enqueue(new Uint8Array(MB));
      },
    });
    try {
      const chunked = await send(ana, 'PUT', await newUploadUrl(ana), {
        headers: { 'content-type': 'image/jpeg' },
        body: endless,
        duplex: 'half',
        signal: AbortSignal.timeout(15_000),
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(await chunked.json()).toMatchObject({ code: MEDIA_ERROR.TOO_LARGE });
    } finally {
      stream?.close();
    }
  });

  it('drains an upload refused before it was all sent, so the connection stays usable', async () => {
    const used = await newUploadUrl(ana);
    expect((await putImage(ana, used, await jpeg())).status).toBe(200);

    // One keep-alive connection for everything below: an undrained upload would hang it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    /** Sends `body`, or with `rest` sends `body` first and `rest` only once the answer is in. */
    const request = (
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: Buffer,
      rest?: Buffer,
    ) =>
      new Promise<{ status: number; connection: number | undefined; body: Buffer }>((resolve, reject) => {
        const req = http.request(
          `${gateway}${path}`,
          { method, agent, headers, signal: AbortSignal.timeout(5000) },
          (res) => {
            if (rest) req.end(rest);
            const connection = res.socket.localPort; // which TCP connection answered
            const chunks: Buffer[] = [];
            res
              .on('data', (chunk: Buffer) => chunks.push(chunk))
              .on('end', () =>
                resolve({
                  status: res.statusCode!,
                  connection,
                  body: Buffer.concat(chunks),
                }),
              )
              .on('error', reject);
          },
        );
        req.on('error', reject);
        if (rest) req.write(body);
        else req.end(body);
      });
    try {
      // The media service refuses a used URL without reading the upload: the gateway answers 410
      // after the first megabyte, and the other eight arrive afterwards, for it to drain.
      const [first, rest] = [Buffer.alloc(MB), Buffer.alloc(8 * MB)];
      const refused = await request(
        'PUT',
        used,
        {
          origin: gateway,
          cookie: `daybreak.sid=${ana.sessionCookie()}`,
          'content-type': 'image/jpeg',
          'content-length': String(first.length + rest.length),
        },
        first,
        rest,
      );
      expect(refused.status).toBe(410);
      expect(JSON.parse(refused.body.toString())).toMatchObject({
        code: MEDIA_ERROR.INTENT_USED,
        message: expect.stringMatching(/already used/),
      });

      // Then requests on the same connection, each answered within the 5 s it is given.
      for (let i = 0; i < 3; i++) {
        const next = await request('GET', image.objectPath, {});
        expect({ status: next.status, connection: next.connection }).toEqual({
          status: 200,
          connection: refused.connection,
        });
      }
    } finally {
      agent.destroy();
    }
  });

  it('proxies an image to a guest as the media service serves it, and revalidates with 304', async () => {
    const direct = await fetch(`${stack.mediaUrl}/objects/${image.id}?format=webp&w=640`, {
      headers: {
        [IDENTITY_HEADER]: signIdentityToken(
          { userId: null },
          stack.identityPrivateKey,
          identityAudience('media'),
        ),
      },
    });
    expect(direct.status).toBe(200);
    const directBytes = Buffer.from(await direct.arrayBuffer());

    // A guest, with a parameter that is not the media service's business.
    const response = await fetch(`${gateway}/objects/${image.id}?format=webp&w=640&utm=x`);

    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(directBytes)).toBe(true);
    // The gateway's security headers go on images too.
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const passedThrough = [
      'content-type',
      'content-length',
      'cache-control',
      'etag',
      'x-content-type-options',
    ];
    const headers = (from: Response) =>
      Object.fromEntries(passedThrough.map((h) => [h, from.headers.get(h)]));
    expect(headers(response)).toEqual({
      'content-type': 'image/webp',
      'content-length': String(directBytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${image.id}.w640.webp"`, // the variant asked for: format and w went through
      'x-content-type-options': 'nosniff',
    });
    expect(headers(response)).toEqual(headers(direct));
    // Nothing else of the media service's answer reaches the browser (today: X-Powered-By).
    const ownHeaders = ['connection', 'keep-alive', 'date', 'x-correlation-id', 'transfer-encoding'];
    const mediaOnly: string[] = [];
    direct.headers.forEach((_value, name) => {
      if (!passedThrough.includes(name) && !ownHeaders.includes(name)) mediaOnly.push(name);
    });
    expect(mediaOnly.filter((name) => response.headers.has(name))).toEqual([]);

    // Old links (/uploads/) revalidate like new ones.
    const revalidated = await fetch(`${gateway}/uploads/${image.id}?format=webp&w=640`, {
      headers: { 'if-none-match': response.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(`"${image.id}.w640.webp"`);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    // The media service decides what names a variant: a lone width is refused, and the refusal passes.
    const lone = await fetch(`${gateway}/objects/${image.id}?w=640`);
    expect(lone.status).toBe(400);
    expect(await lone.json()).toMatchObject({ code: MEDIA_ERROR.UNKNOWN_VARIANT });
  });

  it("passes the media service's 404 through, without caching headers", async () => {
    const response = await fetch(`${gateway}/objects/${randomUUID()}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: MEDIA_ERROR.NOT_FOUND, message: 'Image not found' });
    expect(response.headers.get('cache-control')).toBeNull();
  });
});
