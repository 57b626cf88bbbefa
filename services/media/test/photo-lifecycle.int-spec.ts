import { MEDIA_ERROR } from '@daybreak/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asViewer, fakeEvent, queryTestDatabase, serviceUnderTest, waitFor } from '@daybreak/testing';
import request from 'supertest';
import { ImageProcessor } from '../src/images/image.processor';
import { OrphanPurge } from '../src/photo-lifecycle/orphan-purge.service';
import { mediaUnderTest, startMediaService } from './media-test-service';
import { sidewaysPhotoWithGps, twelveMegapixelPhoto } from './test-images';

/** Small limits, so the tests reach them; the purge runs only when a test asks. */
const LIMITS = {
  MEDIA_DAILY_UPLOADS: '3',
  MEDIA_DAILY_UPLOAD_BYTES: String(12 * 1024 * 1024),
  MEDIA_MAX_CONCURRENT_DECODES: '2',
  MEDIA_PURGE_INTERVAL_SECONDS: '86400',
};

describe('media: quotas, decode slots and the life of a photo (real Postgres and Kafka)', () => {
  const { media, consumed } = mediaUnderTest(LIMITS);
  const service = () => media().service;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await sidewaysPhotoWithGps();
  });

  const ingest = (viewer: string, bytes: Buffer) =>
    request(service().url)
      .post('/objects')
      .set(asViewer('media', viewer))
      .set('content-type', 'image/jpeg')
      .send(bytes);
  const upload = async (owner: string) => (await ingest(owner, photo).expect(201)).body.objectPath as string;
  /** What the gateway does in the request that gives a post or a profile this photo. */
  const markInUse = (owner: string, objectPath: string) =>
    request(service().url).put(`${objectPath}/in-use`).set(asViewer('media', owner)).expect(200);
  const idOf = (objectPath: string) => objectPath.split('/')[2];
  const filesOf = (dir: string, objectPath: string) =>
    readdir(path.join(dir, 'images', idOf(objectPath))).catch(() => [] as string[]);
  const recordOf = async (objectPath: string) =>
    (
      await queryTestDatabase<{ post_id: string | null; attached_at: Date | null }>(
        `SELECT post_id, attached_at FROM media.media_objects WHERE id = $1`,
        [idOf(objectPath)],
      )
    )[0];

  describe('the daily upload quota', () => {
    it('refuses the upload past the daily count with a 429 the SPA can show', async () => {
      const ana = randomUUID();
      for (let i = 0; i < 3; i++) await upload(ana);

      const refused = await ingest(ana, photo).expect(429);

      expect(refused.body).toEqual({
        statusCode: 429,
        code: MEDIA_ERROR.QUOTA_EXCEEDED,
        message: "You have reached today's upload limit (3 photos). Please try again tomorrow.",
      });
      // Someone else still uploads.
      await upload(randomUUID());
    });

    it('counts the bytes received, refused files included, before any decoding', async () => {
      const ben = randomUUID();
      const notAPicture = randomBytes(7 * 1024 * 1024);
      await ingest(ben, notAPicture).expect(415);

      const refused = await ingest(ben, notAPicture).expect(429);

      expect(refused.body.message).toBe(
        "You have reached today's upload limit (12 MB). Please try again tomorrow.",
      );
      const [usage] = await queryTestDatabase<{ uploads: number; bytes: string }>(
        `SELECT uploads, bytes FROM media.upload_quota_usage WHERE owner_id = $1`,
        [ben],
      );
      expect(usage).toEqual({ uploads: 1, bytes: String(notAPicture.length) });
    });
  });

  it('decodes at most MEDIA_MAX_CONCURRENT_DECODES (2) images at once, and queues the rest', async () => {
    const processor = service().app.get(ImageProcessor);
    const big = await twelveMegapixelPhoto();
    let inSharp = 0;
    let peak = 0;
    // Counts the uploads between taking a slot and giving it back, around the real sharp work.
    const target = processor as unknown as { timed(bytes: Buffer): Promise<unknown> };
    const timed = target.timed.bind(processor);
    const render = jest.spyOn(target, 'timed').mockImplementation(async (bytes) => {
      inSharp += 1;
      peak = Math.max(peak, inSharp);
      try {
        return await timed(bytes);
      } finally {
        inSharp -= 1;
      }
    });
    try {
      const responses = await Promise.all(Array.from({ length: 5 }, () => ingest(randomUUID(), big)));

      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
      expect(render).toHaveBeenCalledTimes(5);
      expect(peak).toBe(2);
      expect(processor.slots.active).toBe(0);
    } finally {
      render.mockRestore();
    }
  });

  describe("a refused post's photo (DELETE /objects/:id, the gateway's clean-up)", () => {
    it('is deleted with its variants when its owner discards it, though marked in use for the post', async () => {
      const cara = randomUUID();
      const objectPath = await upload(cara);
      await markInUse(cara, objectPath);
      expect(await filesOf(media().storageDir, objectPath)).toHaveLength(7);

      await request(service().url).delete(objectPath).set(asViewer('media', cara)).expect(204);

      expect(await recordOf(objectPath)).toBeUndefined();
      expect(await filesOf(media().storageDir, objectPath)).toEqual([]);
      await request(service().url).get(objectPath).set(asViewer('media', null)).expect(404);
    });

    it("leaves someone else's image and an image a post uses alone", async () => {
      const cara = randomUUID();
      const theirs = await upload(cara);
      await request(service().url).delete(theirs).set(asViewer('media', randomUUID())).expect(204);
      expect(await recordOf(theirs)).toBeDefined();

      await consumed(fakeEvent('post.created', { authorId: cara, imageUrl: theirs, hasImage: true }));
      await request(service().url).delete(theirs).set(asViewer('media', cara)).expect(204);
      expect(await filesOf(media().storageDir, theirs)).toHaveLength(7);
    });
  });

  describe("a deleted post's photo", () => {
    it('is attached by post.created, then deleted with every variant by post.deleted', async () => {
      const dan = randomUUID();
      const postId = randomUUID();
      const objectPath = await upload(dan);

      await consumed(
        fakeEvent('post.created', { postId, authorId: dan, imageUrl: objectPath, hasImage: true }),
      );
      expect(await recordOf(objectPath)).toMatchObject({ post_id: postId, attached_at: expect.any(Date) });

      // An event from before post.deleted carried the image path: found by the post it illustrates.
      await consumed(fakeEvent('post.deleted', { postId, authorId: dan }));

      expect(await recordOf(objectPath)).toBeUndefined();
      await waitFor(async () => (await filesOf(media().storageDir, objectPath)).length === 0, {
        description: 'the files to be removed after the commit',
      });
    });

    it('is deleted even when post.deleted arrives before post.created (two topics)', async () => {
      const dan = randomUUID();
      const postId = randomUUID();
      const objectPath = await upload(dan);

      await consumed(fakeEvent('post.deleted', { postId, authorId: dan, imageUrl: objectPath }));
      await consumed(
        fakeEvent('post.created', { postId, authorId: dan, imageUrl: objectPath, hasImage: true }),
      );

      expect(await recordOf(objectPath)).toBeUndefined();
    });

    it("is kept when it is also its owner's profile photo, and never someone else's", async () => {
      const eve = randomUUID();
      const objectPath = await upload(eve);
      await consumed(fakeEvent('user.updated', { userId: eve, profileImageUrl: objectPath }));
      const postId = randomUUID();
      await consumed(
        fakeEvent('post.created', { postId, authorId: eve, imageUrl: objectPath, hasImage: true }),
      );

      await consumed(fakeEvent('post.deleted', { postId, authorId: eve, imageUrl: objectPath }));
      const other = await upload(randomUUID());
      await consumed(fakeEvent('post.deleted', { authorId: eve, imageUrl: other }));

      expect(await recordOf(objectPath)).toBeDefined();
      expect(await recordOf(other)).toBeDefined();
    });
  });

  describe('the purge of unused uploads', () => {
    // A second process on the first one's schema and folder: only its app stops after these tests,
    // the folder is the first one's.
    const second = serviceUnderTest(
      async () =>
        (await startMediaService({ ...LIMITS, MEDIA_STORAGE_DIR: media().storageDir }, { keepSchema: true }))
          .service,
    );

    const backdate = (table: string, where: string, ids: string[]) =>
      queryTestDatabase(
        `UPDATE media.${table} SET created_at = now() - interval '25 hours' WHERE ${where} = ANY($1)`,
        [ids],
      );

    it('deletes links and images unused for 24 h, once, shared by two processes, and keeps the rest', async () => {
      const fay = randomUUID();
      const intent = async () =>
        (
          await request(service().url).post('/upload-intents').set(asViewer('media', fay)).expect(201)
        ).body.uploadURL.split('/')[4] as string;
      const [staleLink, freshLink] = [await intent(), await intent()];
      await backdate('upload_intents', 'token', [staleLink]);
      // Other members' images, so fay's quota is not in the way.
      const stale = await Promise.all(Array.from({ length: 3 }, () => upload(randomUUID())));
      const fresh = await upload(randomUUID());
      const usedByPost = await upload(fay);
      await consumed(fakeEvent('post.created', { authorId: fay, imageUrl: usedByPost, hasImage: true }));
      const gil = randomUUID();
      const profilePhoto = await upload(gil);
      await consumed(fakeEvent('user.registered', { userId: gil, profileImageUrl: profilePhoto }));
      await backdate('media_objects', 'id::text', [...stale, usedByPost, profilePhoto].map(idOf));

      // Both processes at once: each image is taken by one of them (SKIP LOCKED), none twice.
      const results = await Promise.all([
        service().app.get(OrphanPurge).purge(),
        second().app.get(OrphanPurge).purge(),
      ]);

      expect(results.reduce((sum, result) => sum + result.objects, 0)).toBe(3);
      expect(results.reduce((sum, result) => sum + result.intents, 0)).toBe(1);
      for (const objectPath of stale) {
        expect(await recordOf(objectPath)).toBeUndefined();
        expect(await filesOf(media().storageDir, objectPath)).toEqual([]);
      }
      for (const objectPath of [fresh, usedByPost, profilePhoto])
        expect(await filesOf(media().storageDir, objectPath)).toHaveLength(7);
      const links = await queryTestDatabase<{ token: string }>(
        `SELECT token FROM media.upload_intents WHERE token = ANY($1)`,
        [[staleLink, freshLink]],
      );
      expect(links).toEqual([{ token: freshLink }]);
      // Nothing left: a second pass finds nothing.
      await expect(service().app.get(OrphanPurge).purge()).resolves.toEqual({ intents: 0, objects: 0 });
    });

    it("keeps a post's and a profile's photo whose events are held back past the purge age", async () => {
      // The gateway marked them in use when the post and the profile were saved; post.created and
      // user.updated never arrived (Kafka down for a day, or a stuck partition).
      const [hal, ida] = [randomUUID(), randomUUID()];
      const postPhoto = await upload(hal);
      const profilePhoto = await upload(ida);
      await markInUse(hal, postPhoto);
      await markInUse(ida, profilePhoto);
      const abandoned = await upload(hal);
      await backdate('media_objects', 'id::text', [postPhoto, profilePhoto, abandoned].map(idOf));

      const result = await service().app.get(OrphanPurge).purge();

      expect(result.objects).toBe(1);
      expect(await recordOf(abandoned)).toBeUndefined();
      for (const objectPath of [postPhoto, profilePhoto]) {
        expect(await filesOf(media().storageDir, objectPath)).toHaveLength(7);
        await request(service().url).get(objectPath).set(asViewer('media', null)).expect(200);
      }
      // The events come at last: the post's photo learns its post, and still goes with it.
      const postId = randomUUID();
      await consumed(
        fakeEvent('post.created', { postId, authorId: hal, imageUrl: postPhoto, hasImage: true }),
      );
      expect(await recordOf(postPhoto)).toMatchObject({ post_id: postId });
    });

    it('refuses to mark in use an image the purge took already (the gateway then refuses the post)', async () => {
      const jo = randomUUID();
      const objectPath = await upload(jo);
      await backdate('media_objects', 'id::text', [idOf(objectPath)]);
      await service().app.get(OrphanPurge).purge();

      await request(service().url).put(`${objectPath}/in-use`).set(asViewer('media', jo)).expect(404);
    });
  });
});
