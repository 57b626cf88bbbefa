import { randomUUID } from 'node:crypto';
import type { Post } from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
  waitForConsumed,
} from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadPostsConfig } from '../src/config';

/**
 * ADR 0024's addendum: across a block, either way, every read of one post answers as its page does,
 * 404 "Post not found", so none tells the post exists: its like status, its comments, a report of it
 * or of the other's comment. Members outside the block read them all.
 */
describe('posts: every read of one post is a 404 across a block (real Postgres, Kafka)', () => {
  const service = serviceUnderTest(() =>
    startTestService('posts', AppModule.forConfig(loadPostsConfig(testServiceEnv())), { consumes: true }),
  );

  const as = (viewer: string) => ({
    get: (path: string) => request(service().url).get(path).set(asViewer('posts', viewer)),
    post: (path: string, body: object) =>
      request(service().url).post(path).set(asViewer('posts', viewer)).send(body),
  });
  const newPost = async (authorId: string, content: string): Promise<Post> =>
    (await as(authorId).post('/posts', { content, timezone: 'UTC' }).expect(201)).body;
  /** The reads of one post a member makes, beside the post itself. */
  const readsOf = (postId: string) => [
    `/posts/${postId}`,
    `/posts/${postId}/like-status`,
    `/posts/${postId}/comments`,
    `/report-targets/post/${postId}`,
  ];

  it('the blocker and the blocked each get 404 "Post not found" for every read of the other\'s post; a third member gets them all', async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    const anas = await newPost(ana, 'Ana at dawn');
    const bens = await newPost(ben, 'Ben at dawn');
    const block = fakeEvent('user.blocked', { blockerId: ana, blockedId: ben, version: 1 });
    await publishTestEvent(block);
    await waitForConsumed('posts', block.eventId);

    for (const [viewer, othersPost] of [
      [ana, bens],
      [ben, anas],
    ] as const)
      for (const path of readsOf(othersPost.id)) {
        const { status, body } = await as(viewer).get(path);
        expect({ path, status, message: body.message }).toEqual({
          path,
          status: 404,
          message: 'Post not found',
        });
      }
    for (const path of [...readsOf(anas.id), ...readsOf(bens.id)]) await as(cara).get(path).expect(200);
    await as(ana).get(`/posts/${anas.id}/like-status`).expect(200);
  });

  it("a report of the other's comment on a third member's post is a 404 across a block, as the list leaves it out", async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    const caras = await newPost(cara, 'Cara at dawn');
    const bens = (await as(ben).post(`/posts/${caras.id}/comments`, { content: 'from Ben' }).expect(201))
      .body;
    await as(ana).get(`/report-targets/comment/${bens.id}`).expect(200);

    const block = fakeEvent('user.blocked', { blockerId: ana, blockedId: ben, version: 1 });
    await publishTestEvent(block);
    await waitForConsumed('posts', block.eventId);

    expect((await as(ana).get(`/report-targets/comment/${bens.id}`).expect(404)).body.message).toBe(
      'Comment not found',
    );
    expect((await as(ana).get(`/posts/${caras.id}/comments`).expect(200)).body).toEqual([]);
    await as(cara).get(`/report-targets/comment/${bens.id}`).expect(200);
  });
});
