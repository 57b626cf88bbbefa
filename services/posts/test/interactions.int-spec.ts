import { randomUUID } from 'node:crypto';
import { asViewer, outboxRows, queryTestDatabase, serviceUnderTest } from '@daybreak/testing';
import request from 'supertest';
import { Client } from 'pg';
import { CommentsService } from '../src/comments/comments.service';
import { LikesService } from '../src/likes/likes.service';
import { PostsService } from '../src/posts/posts.service';
import { startPosts } from './posts-under-test';

describe('posts: likes, comments and deletion (real Postgres and Kafka)', () => {
  const service = serviceUnderTest(() => startPosts());

  const api = () => request(service().url);

  /** A post by a fresh member, and two more members: the cast of most stories below. */
  async function setup() {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    const { body: post } = await api()
      .post('/posts')
      .set(asViewer('posts', ana))
      .send({ content: 'Sunrise swim', timezone: 'UTC' })
      .expect(201);
    return { ana, ben, cara, post };
  }
  const like = (postId: string, viewer: string | null) =>
    api().post(`/posts/${postId}/like`).set(asViewer('posts', viewer));
  const comment = (postId: string, viewer: string | null, content: unknown) =>
    api().post(`/posts/${postId}/comments`).set(asViewer('posts', viewer)).send({ content });

  describe('likes', () => {
    it('toggles for a member and reports the resulting state and count', async () => {
      const { ben, cara, post } = await setup();

      expect((await like(post.id, ben).expect(200)).body).toEqual({ isLiked: true, likesCount: 1 });
      expect((await like(post.id, cara).expect(200)).body).toEqual({ isLiked: true, likesCount: 2 });
      expect((await like(post.id, ben).expect(200)).body).toEqual({ isLiked: false, likesCount: 1 });

      const { body: asBen } = await api().get(`/posts/${post.id}`).set(asViewer('posts', ben)).expect(200);
      const { body: asCara } = await api().get(`/posts/${post.id}`).set(asViewer('posts', cara)).expect(200);
      expect([asBen.isLiked, asCara.isLiked, asCara.likesCount]).toEqual([false, true, 1]);
      expect(
        (await api().get(`/posts/${post.id}/like-status`).set(asViewer('posts', cara)).expect(200)).body,
      ).toEqual({ isLiked: true });
    });

    it('never double counts or goes negative under rapid taps', async () => {
      const { ben, post } = await setup();

      const results = await Promise.all(Array.from({ length: 20 }, () => like(post.id, ben)));

      expect(results.every((result) => result.status === 200)).toBe(true);
      const { body } = await api().get(`/posts/${post.id}`).set(asViewer('posts', ben)).expect(200);
      expect(body).toMatchObject({ likesCount: 0, isLiked: false });
      const [{ count }] = await queryTestDatabase<{ count: string }>(
        `SELECT count(*) FROM posts.likes WHERE post_id = $1`,
        [post.id],
      );
      expect(Number(count)).toBe(0);
    });

    it('queues post.liked and post.unliked in the outbox', async () => {
      const { ben, post } = await setup();
      await like(post.id, ben).expect(200);
      await like(post.id, ben).expect(200);

      const ofPost = async (type: 'post.liked' | 'post.unliked') =>
        (await outboxRows('posts', type)).filter((row) => row.messageKey === post.id);
      expect((await ofPost('post.liked')).map((row) => row.envelope.payload)).toEqual([
        { postId: post.id, postAuthorId: expect.any(String), likerId: ben },
      ]);
      expect(await ofPost('post.unliked')).toHaveLength(1);
    });

    it("counts many members' likes at once, each with its own event, and a missing post's 404 among them", async () => {
      const { post } = await setup();
      const { post: other } = await setup();
      const members = Array.from({ length: 30 }, () => randomUUID());
      const missing = randomUUID();

      // Sent together, they are written in a few transactions of many toggles (group commit).
      const results = await Promise.all([
        ...members.map((member, index) =>
          like(index % 3 === 0 ? other.id : post.id, member).set('x-correlation-id', `like-${member}`),
        ),
        like(missing, randomUUID()),
      ]);

      expect(results.at(-1)!.status).toBe(404);
      const liked = results.slice(0, -1);
      expect(liked.map(({ status }) => status)).toEqual(members.map(() => 200));
      expect(liked.every(({ body }) => body.isLiked === true)).toBe(true);
      const counts = async (id: string) =>
        (await api().get(`/posts/${id}`).set(asViewer('posts', null)).expect(200)).body.likesCount;
      expect([await counts(post.id), await counts(other.id)]).toEqual([20, 10]);
      // The last answer for a post carries its final count; none says more than there are.
      expect(
        Math.max(...liked.filter((_, index) => index % 3 !== 0).map(({ body }) => body.likesCount)),
      ).toBe(20);

      const events = (await outboxRows('posts', 'post.liked')).filter((row) =>
        [post.id, other.id].includes(row.messageKey),
      );
      expect(events).toHaveLength(30);
      for (const { envelope } of events) {
        // Each event is its own request's: its liker is its actor, its correlation id the request's.
        expect(envelope.actorId).toBe(envelope.payload.likerId);
        expect(envelope.correlationId).toBe(`like-${envelope.payload.likerId}`);
      }
    });

    it('refuses guests (401) and answers 404 for an unknown post', async () => {
      const { post } = await setup();
      await like(post.id, null).expect(401);
      await api().get(`/posts/${post.id}/like-status`).set(asViewer('posts', null)).expect(401);
      await like(randomUUID(), randomUUID()).expect(404);
    });
  });

  describe('comments', () => {
    it('lets members comment (trimmed), oldest first, and counts them', async () => {
      const { ana, ben, post } = await setup();

      const { body: first } = await comment(post.id, ben, '  Great start!  ').expect(201);
      await comment(post.id, ana, 'Thanks!').expect(201);

      expect(first).toMatchObject({ content: 'Great start!', user: { id: ben } });
      const { body: list } = await api()
        .get(`/posts/${post.id}/comments`)
        .set(asViewer('posts', null))
        .expect(200);
      expect(list.map((c: { content: string }) => c.content)).toEqual(['Great start!', 'Thanks!']);
      const { body: detail } = await api().get(`/posts/${post.id}`).set(asViewer('posts', null)).expect(200);
      expect(detail.commentsCount).toBe(2);
      const event = (await outboxRows('posts', 'comment.created')).find(
        (row) => row.envelope.payload.commentId === first.id,
      );
      expect(event?.envelope.payload).toMatchObject({
        postId: post.id,
        postAuthorId: ana,
        authorId: ben,
        excerpt: 'Great start!',
      });
    });

    it.each([
      ['blank', '   ', /Please write something/],
      ['too long', 'x'.repeat(1001), /at most 1000 characters/],
      ['not text', 7, /content must be text/],
    ])('rejects a %s comment with a readable 400', async (_case, content, message) => {
      const { ben, post } = await setup();
      const response = await comment(post.id, ben, content).expect(400);
      expect(response.body.message).toMatch(message);
    });

    it('refuses guests (401) and answers 404 on an unknown post', async () => {
      const { post } = await setup();
      await comment(post.id, null, 'hi').expect(401);
      await comment(randomUUID(), randomUUID(), 'hi').expect(404);
      await api().get(`/posts/${randomUUID()}/comments`).set(asViewer('posts', null)).expect(404);
    });

    it('lets the comment author or the post author delete a comment, nobody else', async () => {
      const { ana, ben, cara, post } = await setup();
      const { body: bens } = await comment(post.id, ben, 'one').expect(201);
      const { body: other } = await comment(post.id, ben, 'two').expect(201);

      await api().delete(`/posts/${post.id}/comments/${bens.id}`).set(asViewer('posts', cara)).expect(403);
      await api().delete(`/posts/${post.id}/comments/${bens.id}`).set(asViewer('posts', null)).expect(401);
      await api().delete(`/posts/${post.id}/comments/${bens.id}`).set(asViewer('posts', ben)).expect(204);
      await api().delete(`/posts/${post.id}/comments/${other.id}`).set(asViewer('posts', ana)).expect(204);
      await api().delete(`/posts/${post.id}/comments/${other.id}`).set(asViewer('posts', ana)).expect(404);

      const { body } = await api().get(`/posts/${post.id}`).set(asViewer('posts', null)).expect(200);
      expect(body.commentsCount).toBe(0);
    });
  });

  describe('feed', () => {
    it('embeds the first three comments and the viewer’s likes', async () => {
      const { ana, ben, post } = await setup();
      for (const text of ['1', '2', '3', '4']) await comment(post.id, ben, text).expect(201);
      await like(post.id, ana).expect(200);

      const page = async (viewer: string | null) =>
        (await api().get('/posts?limit=10&offset=0').set(asViewer('posts', viewer)).expect(200)).body.find(
          (p: { id: string }) => p.id === post.id,
        );

      const asAna = await page(ana);
      expect(asAna.comments.map((c: { content: string }) => c.content)).toEqual(['1', '2', '3']);
      expect(asAna).toMatchObject({ commentsCount: 4, likesCount: 1, isLiked: true });
      expect((await page(null)).isLiked).toBe(false);
    });

    it('costs one query for a page, of 2 posts as of 10', async () => {
      const ana = randomUUID();
      for (let i = 0; i < 10; i++) {
        const { body } = await api()
          .post('/posts')
          .set(asViewer('posts', ana))
          .send({ content: `p${i}`, timezone: 'UTC' });
        await comment(body.id, randomUUID(), 'hello').expect(201);
      }
      const queriesFor = async (limit: number) => {
        // Every query, through TypeORM or straight on its pool, reaches Postgres through a pg Client.
        const spy = jest.spyOn(Client.prototype, 'query');
        try {
          // One author's pages are never cached (see FeedCache), so this is the page's real cost.
          await api()
            .get(`/posts?limit=${limit}&offset=0&authorId=${ana}`)
            .set(asViewer('posts', ana))
            .expect(200);
          // The outbox relay polls in the background; only the feed's own queries count.
          return spy.mock.calls
            .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text))
            .filter((sql) => !/outbox|processed_events|advisory|START TRANSACTION|COMMIT|ROLLBACK/i.test(sql))
            .length;
        } finally {
          spy.mockRestore();
        }
      };

      const small = await queriesFor(2);
      const large = await queriesFor(10);

      expect(large).toBe(small);
      expect(large).toBe(1);
    });
  });

  describe('deleting a post', () => {
    it('is for its author only; it goes with its likes and comments and queues post.deleted', async () => {
      const { ana, ben, post } = await setup();
      await like(post.id, ben).expect(200);
      await comment(post.id, ben, 'nice').expect(201);

      await api().delete(`/posts/${post.id}`).set(asViewer('posts', ben)).expect(403);
      await api().delete(`/posts/${post.id}`).set(asViewer('posts', null)).expect(401);
      await api().delete(`/posts/${post.id}`).set(asViewer('posts', ana)).expect(204);

      await api().get(`/posts/${post.id}`).set(asViewer('posts', null)).expect(404);
      await api().delete(`/posts/${post.id}`).set(asViewer('posts', ana)).expect(404);
      const leftovers = await queryTestDatabase(
        `SELECT 1 FROM posts.likes WHERE post_id = $1 UNION ALL SELECT 1 FROM posts.comments WHERE post_id = $1`,
        [post.id],
      );
      expect(leftovers).toHaveLength(0);
      const deleted = (await outboxRows('posts', 'post.deleted')).filter((row) => row.messageKey === post.id);
      expect(deleted).toHaveLength(1);
    });
  });

  it("dates the events of a post, a like and a comment made at a past time (the demo seed's mornings) then", async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const morning = new Date(Date.now() - 3 * 24 * 3_600_000);
    const [liked, commented] = [7, 42].map((minutes) => new Date(morning.getTime() + minutes * 60_000));

    const post = await service()
      .app.get(PostsService)
      .create(ana, { content: 'Up before the sun', timezone: 'Europe/Paris' }, morning);
    await service().app.get(LikesService).toggle(post.id, ben, liked);
    const comment = await service()
      .app.get(CommentsService)
      .create(post.id, ben, { content: 'Early!' }, commented);

    const occurredAt = async (type: 'post.created' | 'post.liked' | 'comment.created') =>
      (await outboxRows('posts', type)).find((row) => row.envelope.payload.postId === post.id)?.envelope
        .occurredAt;
    expect(await occurredAt('post.created')).toBe(morning.toISOString());
    expect(await occurredAt('post.liked')).toBe(liked.toISOString());
    expect(await occurredAt('comment.created')).toBe(commented.toISOString());
    expect(comment.createdAt).toBe(commented.toISOString());
  });
});
