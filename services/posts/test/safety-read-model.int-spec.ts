import { randomUUID } from 'node:crypto';
import type { Post } from '@daybreak/contracts';
import { fakeEvent } from '@daybreak/testing';
import { postsUnderTest } from './posts-under-test';

/** What posts' read models of social's safety events hide (real Postgres, Kafka). */
describe('posts: moderation and blocks as the read models hold them', () => {
  const { as, consumed } = postsUnderTest({ caughtUp: true });

  const newPost = async (authorId: string, content: string): Promise<Post> =>
    (await as(authorId).post('/posts', { content, timezone: 'UTC' }).expect(201)).body;
  /** Publishes an event (as social made it, at its `occurredAt`) and waits for posts to apply it. */
  const deliver = consumed;

  /**
   * ADR 0035's addendum: posts keeps the newest moderation decision of each post, comment and author,
   * by when social made it, so an older event arriving late (a dead letter replayed with
   * scripts/replay-dlq.mjs, a redelivery past the inbox) never undoes a newer one.
   */
  describe('a moderation event older than the decision applied changes nothing', () => {
    /** Instants a minute apart, in the order the moderators decided. */
    const minute = (n: number) => new Date(Date.now() - 10 * 60_000 + n * 60_000).toISOString();

    it('an unhide, then an older hide of the post arriving late: the post stays visible; a newer hide hides it', async () => {
      const [ana, ben] = [randomUUID(), randomUUID()];
      const post = await newPost(ana, 'Sunrise swim');
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
      const post = await newPost(ana, 'Sunrise swim');
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
      const post = await newPost(ana, 'Sunrise swim');

      await deliver(fakeEvent('user.suspended', { userId: ana }, { occurredAt: minute(1) }));
      await deliver(fakeEvent('user.unsuspended', { userId: ana }, { occurredAt: minute(3) }));
      await deliver(fakeEvent('user.suspended', { userId: ana }, { occurredAt: minute(2) }));

      await as(ben).get(`/posts/${post.id}`).expect(200);
    });
  });

  /**
   * ADR 0024's addendum: across a block, either way, every read of one post answers as its page does,
   * 404 "Post not found", so none tells the post exists: its like status, its comments, a report of it
   * or of the other's comment. Members outside the block read them all.
   */
  describe('every read of one post is a 404 across a block', () => {
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
      await deliver(fakeEvent('user.blocked', { blockerId: ana, blockedId: ben, version: 1 }));

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

      await deliver(fakeEvent('user.blocked', { blockerId: ana, blockedId: ben, version: 1 }));

      expect((await as(ana).get(`/report-targets/comment/${bens.id}`).expect(404)).body.message).toBe(
        'Comment not found',
      );
      expect((await as(ana).get(`/posts/${caras.id}/comments`).expect(200)).body).toEqual([]);
      await as(cara).get(`/report-targets/comment/${bens.id}`).expect(200);
    });
  });
});
