import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asViewer, fakeEvent, queryTestDatabase, waitFor } from '@daybreak/testing';
import request from 'supertest';
import { mediaUnderTest } from './media-test-service';
import { sidewaysPhotoWithGps } from './test-images';

/** Issue 42: a member who left takes every image of theirs along (real Postgres, Kafka and disk). */
describe('media: a deleted member', () => {
  const { media, consumed } = mediaUnderTest();
  let photo: Buffer;

  beforeAll(async () => {
    photo = await sidewaysPhotoWithGps();
  });

  const upload = async (owner: string) =>
    (
      await request(media().service.url)
        .post('/objects')
        .set(asViewer('media', owner))
        .set('content-type', 'image/jpeg')
        .send(photo)
        .expect(201)
    ).body.objectPath as string;
  const filesOf = (objectPath: string) =>
    readdir(path.join(media().storageDir, 'images', objectPath.split('/')[2])).catch(() => [] as string[]);
  const rowsNaming = async (userId: string) =>
    queryTestDatabase(
      `SELECT 'media_objects' AS t FROM media.media_objects WHERE owner_id = $1
       UNION ALL SELECT 'upload_intents' FROM media.upload_intents WHERE owner_id = $1
       UNION ALL SELECT 'profile_photos' FROM media.profile_photos WHERE user_id = $1
       UNION ALL SELECT 'upload_quota_usage' FROM media.upload_quota_usage WHERE owner_id = $1`,
      [userId],
    );

  it("deletes their post photo, profile photo and unused upload with every variant, and nobody else's", async () => {
    const [del, ana] = [randomUUID(), randomUUID()];
    const [postPhoto, profilePhoto, unused, anas] = [
      await upload(del),
      await upload(del),
      await upload(del),
      await upload(ana),
    ];
    await consumed(fakeEvent('post.created', { authorId: del, imageUrl: postPhoto, hasImage: true }));
    await consumed(fakeEvent('user.updated', { userId: del, profileImageUrl: profilePhoto }));
    await request(media().service.url).post('/upload-intents').set(asViewer('media', del)).expect(201);
    expect(await filesOf(postPhoto)).toHaveLength(7);

    await consumed(fakeEvent('user.deleted', { userId: del }));

    expect(await rowsNaming(del)).toEqual([]);
    for (const objectPath of [postPhoto, profilePhoto, unused])
      await waitFor(async () => (await filesOf(objectPath)).length === 0, {
        description: `the files of ${objectPath} to be removed after the commit`,
      });
    expect(await filesOf(anas)).toHaveLength(7);
    expect((await rowsNaming(ana)).length).toBeGreaterThan(0);

    // A replay finds nothing and fails on nothing.
    await consumed(fakeEvent('user.deleted', { userId: del }));
  });
});
