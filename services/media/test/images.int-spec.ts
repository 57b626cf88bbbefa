import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MEDIA_ERROR } from '@daybreak/contracts';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { RunningService } from '@daybreak/messaging';
import { asViewer, outboxRows, queryTestDatabase, waitFor } from '@daybreak/testing';
import sharp from 'sharp';
import request from 'supertest';
import {
  SECRET_EXIF,
  decompressionBombPng,
  sidewaysPhotoWithGps,
  transparentPng,
  truncatedJpeg,
  twelveMegapixelPhoto,
} from './test-images';
import { MediaTestService, startMediaService } from './media-test-service';

describe('media: image ingestion and serving (real Postgres and Kafka)', () => {
  let media: MediaTestService;
  let service: RunningService;
  let storageDir: string;

  beforeAll(async () => {
    media = await startMediaService();
    ({ service, storageDir } = media);
  });
  afterAll(() => media?.stop());

  /** The gateway forwarding a post photo: raw bytes with the type the browser declared. */
  const ingest = (viewer: string | null, bytes: Buffer, contentType = 'image/jpeg') =>
    request(service.url)
      .post('/objects')
      .set(asViewer('media', viewer))
      .set('content-type', contentType)
      .send(bytes);
  const fetchImage = (objectPath: string, query = '') =>
    request(service.url)
      .get(`${objectPath}${query}`)
      .set(asViewer('media', null))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  describe('a phone photo, sideways and with GPS', () => {
    const ana = randomUUID();
    let objectPath: string;

    beforeAll(async () => {
      const response = await ingest(ana, await sidewaysPhotoWithGps()).expect(201);
      objectPath = response.body.objectPath;
    });

    it('is stored under an unguessable id, recorded, and announced through the outbox', async () => {
      expect(objectPath).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
      const id = objectPath.split('/')[2];
      const [row] = await queryTestDatabase(`SELECT * FROM media.media_objects WHERE id = $1`, [id]);
      expect(row).toMatchObject({ owner_id: ana, content_type: 'image/jpeg', width: 800, height: 1200 });
      expect(row.bytes).toBeGreaterThan(0);
      // Seven files: the original plus webp and jpeg at three widths.
      expect((await readdir(path.join(storageDir, 'images', id))).sort()).toEqual([
        'original.jpg',
        'w1280.jpg',
        'w1280.webp',
        'w320.jpg',
        'w320.webp',
        'w640.jpg',
        'w640.webp',
      ]);
      const published = await waitFor(
        async () => {
          const rows = await outboxRows('media', 'media.uploaded');
          const event = rows.find((row) => row.envelope.payload.objectKey === objectPath);
          return event?.publishedAt ? event : undefined;
        },
        { description: 'media.uploaded to reach Kafka' },
      );
      expect(published).toMatchObject({
        messageKey: ana,
        envelope: { payload: { objectKey: objectPath, ownerId: ana } },
      });
    });

    it('serves an upright original and every variant, never wider than asked nor than the photo', async () => {
      const original = await fetchImage(objectPath).expect(200).expect('content-type', 'image/jpeg');
      expect(await sharp(original.body).metadata()).toMatchObject({
        format: 'jpeg',
        width: 800,
        height: 1200,
      });

      const expectations = [
        ['webp', 320, 320, 480],
        ['webp', 640, 640, 960],
        ['webp', 1280, 800, 1200], // never upscaled
        ['jpeg', 320, 320, 480],
        ['jpeg', 640, 640, 960],
        ['jpeg', 1280, 800, 1200],
      ] as const;
      for (const [format, w, width, height] of expectations) {
        const variant = await fetchImage(objectPath, `?format=${format}&w=${w}`)
          .expect(200)
          .expect('content-type', `image/${format}`);
        expect(await sharp(variant.body).metadata()).toMatchObject({ format, width, height });
      }
    });

    it('keeps no EXIF, GPS or other metadata in any rendition', async () => {
      const input = await sidewaysPhotoWithGps();
      expect((await sharp(input).metadata()).orientation).toBe(6);
      expect(input.includes(SECRET_EXIF.gpsDatum) && input.includes(SECRET_EXIF.camera)).toBe(true);

      const queries = [
        '',
        ...['webp', 'jpeg'].flatMap((format) => [320, 640, 1280].map((w) => `?format=${format}&w=${w}`)),
      ];
      for (const query of queries) {
        const { body } = await fetchImage(objectPath, query).expect(200);
        const metadata = await sharp(body).metadata();
        const { exif, xmp, iptc, icc, orientation } = metadata;
        expect({ query, exif, xmp, iptc, icc, orientation }).toEqual({ query });
        expect(body.includes(SECRET_EXIF.gpsDatum)).toBe(false);
        expect(body.includes(SECRET_EXIF.camera)).toBe(false);
      }
    });

    it('is cacheable for ever, with a strong ETag, and answers 304 to a revalidation', async () => {
      const first = await fetchImage(objectPath, '?format=webp&w=640').expect(200);
      expect(first.headers).toMatchObject({
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-type': 'image/webp',
        'content-length': String(first.body.length),
      });
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix

      const again = await request(service.url)
        .get(`${objectPath}?format=webp&w=640`)
        .set(asViewer('media', null))
        .set('if-none-match', etag);
      expect(again.status).toBe(304);
      expect(again.headers.etag).toBe(etag);

      // Another rendition has another tag, so the old one does not validate it.
      const jpeg = await fetchImage(objectPath, '?format=jpeg&w=640').set('if-none-match', etag).expect(200);
      expect(jpeg.headers.etag).not.toBe(etag);
    });

    it('is marked in use by its uploader, and nobody else (for profile photos)', async () => {
      const id = objectPath.split('/')[2];
      const owned = await request(service.url)
        .put(`/objects/${id}/in-use`)
        .set(asViewer('media', ana))
        .expect(200);
      expect(owned.body).toEqual({ objectPath });
      await request(service.url)
        .put(`/objects/${id}/in-use`)
        .set(asViewer('media', randomUUID()))
        .expect(404);
      await request(service.url)
        .put(`/objects/${randomUUID()}/in-use`)
        .set(asViewer('media', ana))
        .expect(404);
      await request(service.url).put(`/objects/${id}/in-use`).set(asViewer('media', null)).expect(401);
    });

    it('is served under /uploads/ too', async () => {
      const id = objectPath.split('/')[2];
      const response = await fetchImage(`/uploads/${id}`, '?format=webp&w=320')
        .expect(200)
        .expect('content-type', 'image/webp');
      expect((await sharp(response.body).metadata()).width).toBe(320);
    });
  });

  it('keeps a transparent PNG as PNG, and flattens its JPEG variants onto white', async () => {
    const ben = randomUUID();
    // Declared as JPEG: the content decides, not the label.
    const { body } = await ingest(ben, await transparentPng(), 'image/jpeg').expect(201);

    const original = await fetchImage(body.objectPath).expect(200).expect('content-type', 'image/png');
    expect(await sharp(original.body).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 300,
      hasAlpha: true,
    });
    const webp = await fetchImage(body.objectPath, '?format=webp&w=320').expect(200);
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 320, hasAlpha: true });
    const jpeg = await fetchImage(body.objectPath, '?format=jpeg&w=320').expect(200);
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: 'jpeg', width: 320, hasAlpha: false });
  });

  it.each([
    ['JPEG', 'jpeg', false, 'image/jpeg'],
    ['PNG', 'png', true, 'image/png'],
    ['WebP', 'webp', true, 'image/webp'],
    ['GIF (first frame, as PNG)', 'gif', false, 'image/png'],
    ['AVIF (as JPEG)', 'avif', false, 'image/jpeg'],
    ['transparent AVIF (as PNG)', 'avif', true, 'image/png'],
  ] as const)('accepts %s', async (_case, format, transparent, storedAs) => {
    const input = await sharp({
      create: {
        width: 500,
        height: 400,
        channels: transparent ? 4 : 3,
        background: { r: 200, g: 120, b: 40, alpha: 0.5 },
      },
    })
      .toFormat(format)
      .toBuffer();

    const { body } = await ingest(randomUUID(), input, 'application/octet-stream').expect(201);

    await fetchImage(body.objectPath).expect(200).expect('content-type', storedAs);
    const variant = await fetchImage(body.objectPath, '?format=webp&w=320').expect(200);
    expect(await sharp(variant.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 256 });
  });

  it('ingests a 12-megapixel camera photo in reasonable time', async () => {
    const photo = await twelveMegapixelPhoto();
    const startedAt = performance.now();
    const { body } = await ingest(randomUUID(), photo).expect(201);
    const elapsedMs = Math.round(performance.now() - startedAt);
    console.log(`ingest of a 4000×3000 JPEG (${(photo.length / 1e6).toFixed(1)} MB): ${elapsedMs} ms`);
    expect(elapsedMs).toBeLessThan(20_000);
    const original = await fetchImage(body.objectPath).expect(200);
    expect(await sharp(original.body).metadata()).toMatchObject({ width: 4000, height: 3000 });
  });

  describe('refuses bad uploads with a 4xx and a message a person can read', () => {
    const member = randomUUID();

    it.each([
      [
        'text labelled image/png',
        async () => Buffer.from('definitely not a picture'),
        'image/png',
        415,
        MEDIA_ERROR.NOT_AN_IMAGE,
        /not a picture/,
      ],
      [
        'an SVG (never handed to a decoder)',
        async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        'image/svg+xml',
        415,
        MEDIA_ERROR.NOT_AN_IMAGE,
        /not a picture/,
      ],
      [
        'an empty body',
        async () => Buffer.alloc(0),
        'image/jpeg',
        415,
        MEDIA_ERROR.NOT_AN_IMAGE,
        /not a picture/,
      ],
      [
        '10 MB + 1 byte',
        async () => Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff),
        'image/jpeg',
        413,
        MEDIA_ERROR.TOO_LARGE,
        FILE_TOO_LARGE_MESSAGE,
      ],
      [
        'a 20000×20000 PNG (a decompression bomb)',
        async () => decompressionBombPng(),
        'image/png',
        413,
        MEDIA_ERROR.TOO_MANY_PIXELS,
        /20000×20000 pixels.*at most 40 megapixels/,
      ],
      [
        'a truncated JPEG',
        truncatedJpeg,
        'image/jpeg',
        400,
        MEDIA_ERROR.UNREADABLE,
        /^The image could not be read/,
      ],
      [
        'a JPEG whose header is cut',
        async () => (await sidewaysPhotoWithGps()).subarray(0, 40),
        'image/jpeg',
        400,
        MEDIA_ERROR.UNREADABLE,
        /^The image could not be read/,
      ],
    ])('%s', async (_case, bytes, contentType, status, code, message) => {
      const response = await ingest(member, await bytes(), contentType);
      expect({ status: response.status, code: response.body.code }).toEqual({ status, code });
      expect(response.body.message).toMatch(message);
    });

    it('a body over 10 MB sent without a length (chunked), counted as it arrives', async () => {
      const chunk = Buffer.alloc(1024 * 1024, 0xff);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 12) return controller.close();
          sent += 1;
          controller.enqueue(chunk);
        },
      });
      const response = await fetch(`${service.url}/objects`, {
        method: 'POST',
        headers: { ...asViewer('media', member), 'content-type': 'image/jpeg' },
        body,
        duplex: 'half',
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        code: MEDIA_ERROR.TOO_LARGE,
        message: FILE_TOO_LARGE_MESSAGE,
      });
    });

    it('a guest, and a caller without the gateway token', async () => {
      const photo = await transparentPng();
      await ingest(null, photo).expect(401);
      const response = await request(service.url)
        .post('/objects')
        .set('content-type', 'image/png')
        .send(photo)
        .expect(401);
      expect(response.body.code).toBe('AUTH.SERVICE_TOKEN');
    });

    it('and keeps serving afterwards', async () => {
      await request(service.url).get('/health/ready').expect(200);
      const { body } = await ingest(member, await transparentPng()).expect(201);
      await fetchImage(body.objectPath, '?format=webp&w=640').expect(200);
    });
  });

  describe('unknown objects and variants', () => {
    let objectPath: string;
    beforeAll(async () => {
      objectPath = (await ingest(randomUUID(), await transparentPng()).expect(201)).body.objectPath;
    });

    it.each([
      ['an unknown id', () => `/objects/${randomUUID()}`, 404, MEDIA_ERROR.NOT_FOUND],
      ['a malformed id', () => '/objects/not-a-uuid', 404, MEDIA_ERROR.NOT_FOUND],
      ['an unknown id under /uploads/', () => `/uploads/${randomUUID()}`, 404, MEDIA_ERROR.NOT_FOUND],
      ['an unknown format', () => `${objectPath}?format=gif&w=640`, 400, MEDIA_ERROR.UNKNOWN_VARIANT],
      ['an unknown width', () => `${objectPath}?format=webp&w=800`, 400, MEDIA_ERROR.UNKNOWN_VARIANT],
      ['a width without a format', () => `${objectPath}?w=640`, 400, MEDIA_ERROR.UNKNOWN_VARIANT],
    ])('%s', async (_case, url, status, code) => {
      const response = await request(service.url).get(url()).set(asViewer('media', null)).expect(status);
      expect(response.body.code).toBe(code);
      // An error must not be cached as if it were the image (Express may still tag the JSON weakly).
      expect(response.headers['cache-control']).toBeUndefined();
      expect(response.headers.etag ?? 'W/').toMatch(/^W\//);
    });

    it('requires the gateway token to read too', async () => {
      const response = await request(service.url).get(objectPath).expect(401);
      expect(response.body.code).toBe('AUTH.SERVICE_TOKEN');
    });
  });
});
