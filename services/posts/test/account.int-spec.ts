import { randomUUID } from 'node:crypto';
import {
  fakeEvent,
  outboxRows,
  publishTestEvent,
  queryTestDatabase,
  waitForConsumed,
} from '@daybreak/testing';
import { postsUnderTest } from './posts-under-test';

/** Issue 42: a member who left is erased from posts; a member's export (real Postgres and Kafka). */
describe('posts: account erasure and export', () => {
  const { as } = postsUnderTest();
  const newPost = async (authorId: string, content: string, imageUrl?: string) =>
    (await as(authorId).post('/posts', { content, timezone: 'UTC', imageUrl }).expect(201)).body.id as string;
  const counts = async (postId: string) => {
    const { body } = await as(null).get(`/posts/${postId}`).expect(200);
    return { likes: body.likesCount, comments: body.commentsCount };
  };

  it("erases their posts, likes and comments with the others' counts exact, and each post's post.deleted", async () => {
    const [del, ana, ben] = [randomUUID(), randomUUID(), randomUUID()];
    const registered = await publishTestEvent(
      fakeEvent('user.registered', { userId: del, firstName: 'Del' }),
    );
    await waitForConsumed('posts', registered.eventId);
    const delsPost = await newPost(del, 'Mine, with a photo', `/objects/${randomUUID()}`);
    const anasPost = await newPost(ana, 'Ana at dawn');
    for (const liker of [del, ben]) await as(liker).post(`/posts/${anasPost}/like`).expect(200);
    await as(ana).post(`/posts/${delsPost}/like`).expect(200);
    for (const author of [del, del, ben])
      await as(author).post(`/posts/${anasPost}/comments`, { content: 'Good morning' }).expect(201);
    await as(ana).post(`/posts/${delsPost}/comments`, { content: 'Nice' }).expect(201);
    expect(await counts(anasPost)).toEqual({ likes: 2, comments: 3 });

    const deleted = fakeEvent('user.deleted', { userId: del });
    await publishTestEvent(deleted);
    await waitForConsumed('posts', deleted.eventId);

    expect(await counts(anasPost)).toEqual({ likes: 1, comments: 1 });
    expect((await as(null).get(`/posts/${delsPost}`)).status).toBe(404);
    for (const [table, column] of [
      ['posts', 'author_id'],
      ['likes', 'user_id'],
      ['comments', 'author_id'],
      ['authors', 'user_id'],
    ])
      expect({
        table,
        rows: await queryTestDatabase(`SELECT 1 FROM posts.${table} WHERE ${column} = $1`, [del]),
      }).toEqual({ table, rows: [] });
    const postDeleted = (await outboxRows('posts', 'post.deleted')).filter(
      (row) => row.messageKey === delsPost,
    );
    expect(postDeleted.map((row) => row.envelope.payload)).toEqual([
      { postId: delsPost, authorId: del, imageUrl: expect.stringMatching(/^\/objects\//) },
    ]);

    // A replay (another event id) finds nothing left: no second post.deleted, counts unchanged.
    const again = fakeEvent('user.deleted', { userId: del });
    await publishTestEvent(again);
    await waitForConsumed('posts', again.eventId);
    expect(await counts(anasPost)).toEqual({ likes: 1, comments: 1 });
    expect(
      (await outboxRows('posts', 'post.deleted')).filter((row) => row.messageKey === delsPost),
    ).toHaveLength(1);
  });

  it("exports the member's posts, comments and likes, and nobody else's", async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const anasPost = await newPost(ana, 'Ana at dawn');
    const bensPost = await newPost(ben, 'Ben at dawn');
    await as(ana).post(`/posts/${bensPost}/like`).expect(200);
    await as(ana).post(`/posts/${bensPost}/comments`, { content: 'Morning!' }).expect(201);
    await as(ben).post(`/posts/${anasPost}/comments`, { content: 'Hi' }).expect(201);

    const { body } = await as(ana).get('/account/export').expect(200);

    expect(body).toEqual({
      posts: [expect.objectContaining({ id: anasPost, content: 'Ana at dawn', commentsCount: 1 })],
      comments: [expect.objectContaining({ postId: bensPost, content: 'Morning!' })],
      likes: [{ postId: bensPost, createdAt: expect.any(String) }],
    });
    expect((await as(null).get('/account/export')).status).toBe(401);
  });
});
