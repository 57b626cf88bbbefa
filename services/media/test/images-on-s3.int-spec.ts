import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { RunningService } from '@daybreak/messaging';
import { asViewer } from '@daybreak/testing';
import sharp from 'sharp';
import request from 'supertest';
import { MediaTestService, startMediaService } from './media-test-service';
import { S3TestServer, startS3TestServer } from './s3-test-server';
import { sidewaysPhotoWithGps } from './test-images';

describe('media on the S3 store (real Postgres and Kafka, s3rver)', () => {
  let s3: S3TestServer;
  let media: MediaTestService;
  let service: RunningService;
  /** Set too, to prove that MEDIA_S3_BUCKET wins and nothing lands on local disk. */
  let storageDir: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    media = await startMediaService(s3.env);
    ({ service, storageDir } = media);
  });
  afterAll(async () => {
    await media?.stop();
    await s3?.stop();
  });

  it('ingests a JPEG into the bucket and serves a webp variant from it', async () => {
    const ingested = await request(service.url)
      .post('/objects')
      .set(asViewer('media', randomUUID()))
      .set('content-type', 'image/jpeg')
      .send(await sidewaysPhotoWithGps())
      .expect(201);
    const objectPath: string = ingested.body.objectPath;
    const id = objectPath.split('/')[2];

    const bucket = new S3Client(s3.options);
    const listed = await bucket.send(
      new ListObjectsV2Command({ Bucket: s3.options.bucket, Prefix: `images/${id}/` }),
    );
    bucket.destroy();
    expect((listed.Contents ?? []).map(({ Key }) => Key).sort()).toEqual(
      ['original.jpg', 'w1280.jpg', 'w1280.webp', 'w320.jpg', 'w320.webp', 'w640.jpg', 'w640.webp'].map(
        (file) => `images/${id}/${file}`,
      ),
    );
    expect(await readdir(storageDir)).toEqual([]);

    const variant = await request(service.url)
      .get(`${objectPath}?format=webp&w=320`)
      .set(asViewer('media', null))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200)
      .expect('content-type', 'image/webp')
      .expect('cache-control', 'public, max-age=31536000, immutable');
    expect(Number(variant.headers['content-length'])).toBe(variant.body.length);
    expect(await sharp(variant.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 480 });

    await request(service.url)
      .get(`${objectPath}?format=webp&w=320`)
      .set(asViewer('media', null))
      .set('if-none-match', variant.headers.etag)
      .expect(304);
  });
});
