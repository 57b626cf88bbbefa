import { MAX_UPLOAD_BYTES, MEDIA_ERROR } from '@daybreak/contracts';
import sharp from 'sharp';
import { guest, member, refusalOf } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/** Photos through the real gateway and media service: checked by content, served as variants. */
describe('photos', () => {
  const { baseUrl } = stackEnv();
  const jpeg = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: '#fb923c' } })
      .jpeg()
      .toBuffer();

  /** A post with a photo of `type`, as the SPA sends it (the bytes may be anything). */
  const photoPost = (bytes: Buffer, type: string) => ({
    content: 'With a photo',
    image: new File([new Uint8Array(bytes)], 'photo', { type }),
  });

  it('stores a post photo and serves webp and jpeg variants with long-lived caching', async () => {
    const ana = await member(baseUrl, 'Ana');

    const created = await ana.post(photoPost(await jpeg(), 'image/jpeg'));

    expect(created.status).toBe(201);
    const imageUrl = created.body.post.imageUrl!;
    expect(imageUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    const webp = await fetch(`${baseUrl}${imageUrl}?format=webp&w=320`);
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(320);
    const etag = webp.headers.get('etag')!;
    expect(
      (await fetch(`${baseUrl}${imageUrl}?format=webp&w=320`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    expect((await fetch(`${baseUrl}${imageUrl}?format=jpeg&w=640`)).headers.get('content-type')).toBe(
      'image/jpeg',
    );
  });

  it('refuses what is not a usable image with a 4xx and a code, and keeps serving', async () => {
    const ana = await member(baseUrl, 'Ana');
    const truncated = (await jpeg()).subarray(0, 400);
    const cases = [
      [photoPost(Buffer.from('definitely not a png'), 'image/png'), 415, MEDIA_ERROR.NOT_AN_IMAGE],
      [photoPost(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1), 'image/jpeg'), 413, MEDIA_ERROR.TOO_LARGE],
      [photoPost(truncated, 'image/jpeg'), 400, MEDIA_ERROR.UNREADABLE],
    ] as const;
    for (const [newPost, status, code] of cases) {
      const response = await ana.post(newPost);
      expect({ status: response.status, code: refusalOf(response).code }).toEqual({ status, code });
    }
    expect((await ana.post(photoPost(await jpeg(), 'image/jpeg'))).status).toBe(201);
  });

  it('hands out single-use upload URLs that work only for the member who asked', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Ana'), member(baseUrl, 'Ben')]);
    const put = (caller: typeof ana, uploadURL: string, bytes: Buffer) =>
      caller.upload(uploadURL, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));

    expect((await guest(baseUrl).call('POST', '/api/objects/upload')).status).toBe(401);
    const { body } = await ana.uploadIntent();
    expect(body.uploadURL).toMatch(/^\/api\/objects\/uploads\//);

    expect((await put(ben, body.uploadURL, await jpeg())).status).toBe(403);
    const uploaded = await put(ana, body.uploadURL, await jpeg());
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.objectPath).toMatch(/^\/objects\//);
    expect((await put(ana, body.uploadURL, await jpeg())).status).toBe(410);
  });
});
