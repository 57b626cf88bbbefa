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
 * ADR 0035's addendum: posts keeps the newest moderation decision of each post, comment and author,
 * by when social made it, so an older event arriving late (a dead letter replayed with
 * scripts/replay-dlq.mjs, a redelivery past the inbox) never undoes a newer one.
 */
describe('posts: a moderation event older than the decision applied changes nothing (real Postgres, Kafka)', () => {
  const service = serviceUnderTest(() =>
    startTestService('posts', AppModule.forConfig(loadPostsConfig(testServiceEnv())), {
      consumes: true,
      caughtUp: true,
    }),
  );

  const as = (viewer: string) => ({
    get: (path: string) => request(service().url).get(path).set(asViewer('posts', viewer)),
    post: (path: string, body: object) =>
      request(service().url).post(path).set(asViewer('posts', viewer)).send(body),
  });
  const newPost = async (authorId: string): Promise<Post> =>
    (await as(authorId).post('/posts', { content: 'Sunrise swim', timezone: 'UTC' }).expect(201)).body;
  /** Publishes an event as social made it at `occurredAt`, and waits for posts to apply it. */
  const deliver = async (event: ReturnType<typeof fakeEvent>) => {
    await publishTestEvent(event);
    await waitForConsumed('posts', event.eventId);
  };
  /** Instants a minute apart, in the order the moderators decided. */
  const minute = (n: number) => new Date(Date.now() - 10 * 60_000 + n * 60_000).toISOString();

  it('an unhide, then an older hide of the post arriving late: the post stays visible; a newer hide hides it', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const hide = (occurredAt: string, hidden = true) =>
      fakeEvent('post.hidden', { postId: post.id, authorId: ana, hidden }, { occurredAt });

    await deliver(hide(minute(1)));
    await deliver(hide(minute(3), false));
    await deliver(hide(minute(2))); // decided before the unhide, delivered after it

    await as(ben).get(`/posts/${post.id}`).expect(200);
    expect((await as(ana).get(`/posts/${post.id}`).expect(200)).body.isHidden).toBe(false);

    await deliver(hide(minute(4)));
    await as(ben).get(`/posts/${post.id}`).expect(404);
  });

  it('an unhide delivered before the hide it undoes (a dead-lettered hide replayed): the comment stays visible', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const comment = (await as(ben).post(`/posts/${post.id}/comments`, { content: 'ok' }).expect(201)).body;
    const hide = (occurredAt: string, hidden = true) =>
      fakeEvent('comment.hidden', { commentId: comment.id, authorId: ben, hidden }, { occurredAt });

    await deliver(hide(minute(2), false));
    await deliver(hide(minute(1)));

    expect((await as(ana).get(`/posts/${post.id}`).expect(200)).body.comments).toEqual([
      expect.objectContaining({ id: comment.id, isHidden: false }),
    ]);
  });

  it("an unsuspension, then an older suspension arriving late: the member's posts stay visible", async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const post = await newPost(ana);

    await deliver(fakeEvent('user.suspended', { userId: ana }, { occurredAt: minute(1) }));
    await deliver(fakeEvent('user.unsuspended', { userId: ana }, { occurredAt: minute(3) }));
    await deliver(fakeEvent('user.suspended', { userId: ana }, { occurredAt: minute(2) }));

    await as(ben).get(`/posts/${post.id}`).expect(200);
  });
});
