import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MEDIA_ERROR } from '@daybreak/contracts';
import { randomUUID } from 'node:crypto';
import { RunningService } from '@daybreak/messaging';
import { asViewer, queryTestDatabase } from '@daybreak/testing';
import sharp from 'sharp';
import request from 'supertest';
import { MediaTestService, startMediaService } from './media-test-service';
import { sidewaysPhotoWithGps, transparentPng } from './test-images';

describe('media: direct upload through single-use upload URLs (real Postgres and Kafka)', () => {
  let media: MediaTestService;
  let service: RunningService;

  beforeAll(async () => {
    media = await startMediaService();
    ({ service } = media);
  });
  afterAll(() => media?.stop());

  /** Spec §7, step 1: a member asks for an upload URL. Returns its token. */
  const requestUploadUrl = async (member: string): Promise<string> => {
    const { body } = await request(service.url)
      .post('/upload-intents')
      .set(asViewer('media', member))
      .expect(201);
    expect(body.uploadURL).toMatch(/^\/api\/objects\/uploads\/[A-Za-z0-9_-]{43}$/);
    return body.uploadURL.split('/').pop();
  };
  /** Step 2: the browser PUTs the file to that URL with its content type (via the gateway). */
  const putFile = (viewer: string | null, token: string, bytes: Buffer, contentType = 'image/jpeg') =>
    request(service.url)
      .put(`/upload-intents/${token}`)
      .set(asViewer('media', viewer))
      .set('content-type', contentType)
      .send(bytes);

  it('lets the owner upload once, and says where the image went', async () => {
    const ana = randomUUID();
    const token = await requestUploadUrl(ana);

    const { body } = await putFile(ana, token, await sidewaysPhotoWithGps()).expect(200);

    expect(body).toEqual({ objectPath: expect.stringMatching(/^\/objects\/[0-9a-f-]{36}$/) });
    const image = await request(service.url)
      .get(`${body.objectPath}?format=webp&w=640`)
      .set(asViewer('media', null))
      .expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'webp', width: 640 });
    const [intent] = await queryTestDatabase(
      `SELECT owner_id, used_at, object_id, expires_at - created_at AS ttl FROM media.upload_intents WHERE token = $1`,
      [token],
    );
    expect(intent).toMatchObject({ owner_id: ana, object_id: body.objectPath.split('/')[2] });
    expect(intent.used_at).not.toBeNull();
    expect(intent.ttl).toMatchObject({ minutes: 10 });
  });

  it('refuses the same URL a second time with 410', async () => {
    const ana = randomUUID();
    const token = await requestUploadUrl(ana);
    await putFile(ana, token, await transparentPng(), 'image/png').expect(200);

    const again = await putFile(ana, token, await transparentPng(), 'image/png').expect(410);
    expect(again.body).toMatchObject({
      code: MEDIA_ERROR.INTENT_USED,
      message: expect.stringMatching(/already used/),
    });
  });

  it('gives exactly one of two simultaneous uploads with one URL', async () => {
    const ana = randomUUID();
    const token = await requestUploadUrl(ana);
    const photo = await transparentPng();

    const statuses = await Promise.all([putFile(ana, token, photo), putFile(ana, token, photo)]).then((rs) =>
      rs.map((r) => r.status),
    );

    expect(statuses.sort()).toEqual([200, 410]);
  });

  it('refuses an expired URL with 410', async () => {
    const ana = randomUUID();
    const token = await requestUploadUrl(ana);
    await queryTestDatabase(
      `UPDATE media.upload_intents SET expires_at = now() - interval '1 second' WHERE token = $1`,
      [token],
    );

    const response = await putFile(ana, token, await transparentPng()).expect(410);
    expect(response.body).toMatchObject({
      code: MEDIA_ERROR.INTENT_EXPIRED,
      message: expect.stringMatching(/expired/),
    });
  });

  it("refuses another member's URL with 403, and leaves it usable by its owner", async () => {
    const ana = randomUUID();
    const token = await requestUploadUrl(ana);

    const response = await putFile(randomUUID(), token, await transparentPng()).expect(403);
    expect(response.body.code).toBe(MEDIA_ERROR.INTENT_FORBIDDEN);
    await putFile(ana, token, await transparentPng()).expect(200);
  });

  it('requires a member: guests get 401 for a URL and for an upload', async () => {
    const token = await requestUploadUrl(randomUUID());
    await request(service.url).post('/upload-intents').set(asViewer('media', null)).expect(401);
    const response = await putFile(null, token, await transparentPng()).expect(401);
    expect(response.body.code).toBe('AUTH.UNAUTHORIZED');
  });

  it('answers 404 for an unknown or malformed token', async () => {
    const ana = randomUUID();
    const unknown = await putFile(ana, 'A'.repeat(43), await transparentPng()).expect(404);
    expect(unknown.body.code).toBe(MEDIA_ERROR.INTENT_NOT_FOUND);
    await putFile(ana, 'not-a-token', await transparentPng()).expect(404);
  });

  it('checks the file like any upload: too large gives 413, not an image gives 415', async () => {
    const ana = randomUUID();
    const big = await putFile(ana, await requestUploadUrl(ana), Buffer.alloc(MAX_UPLOAD_BYTES + 1)).expect(
      413,
    );
    expect(big.body).toMatchObject({ code: MEDIA_ERROR.TOO_LARGE, message: FILE_TOO_LARGE_MESSAGE });
    const text = await putFile(
      ana,
      await requestUploadUrl(ana),
      Buffer.from('plain text'),
      'image/png',
    ).expect(415);
    expect(text.body.code).toBe(MEDIA_ERROR.NOT_AN_IMAGE);
    // A body the JSON parser already consumed is not an image either.
    const json = await request(service.url)
      .put(`/upload-intents/${await requestUploadUrl(ana)}`)
      .set(asViewer('media', ana))
      .send({ not: 'an image' })
      .expect(415);
    expect(json.body.code).toBe(MEDIA_ERROR.NOT_AN_IMAGE);
  });
});
