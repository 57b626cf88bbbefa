import { randomUUID } from 'node:crypto';
import type { Post } from '@daybreak/contracts';
import { fakeEvent } from '@daybreak/testing';
import { postsUnderTest } from './posts-under-test';

/** Issue 42: what moderators hide, hidden from everyone but its author (real Postgres, Redis, Kafka). */
describe('posts: hidden by moderation', () => {
  const { as, consumed: deliver } = postsUnderTest({ caughtUp: true });
  const newPost = async (authorId: string, content = 'Sunrise swim'): Promise<Post> =>
    (await as(authorId).post('/posts', { content, timezone: 'UTC' }).expect(201)).body;
  const feedIds = async (viewer: string | null, authorId?: string) =>
    (
      (
        await as(viewer)
          .get(`/posts?limit=50${authorId ? `&authorId=${authorId}` : ''}`)
          .expect(200)
      ).body as Post[]
    ).map((post) => post.id);

  it('a hidden post: gone from the feed, its page and comments for others; its author sees it marked', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const kept = await newPost(ana, 'Still here');
    expect(await feedIds(null)).toContain(post.id); // cached first: the hide must drop the pages

    await deliver(fakeEvent('post.hidden', { postId: post.id, authorId: ana }));

    for (const viewer of [null, ben]) {
      expect(await feedIds(viewer)).not.toContain(post.id);
      expect(await feedIds(viewer, ana)).toEqual([kept.id]);
      await as(viewer).get(`/posts/${post.id}`).expect(404);
      await as(viewer).get(`/posts/${post.id}/comments`).expect(404);
    }
    await as(ben).get(`/report-targets/post/${post.id}`).expect(404);
    expect((await as(ana).get(`/posts/${post.id}`).expect(200)).body).toMatchObject({
      id: post.id,
      isHidden: true,
    });
    expect(await feedIds(ana, ana)).toEqual([kept.id, post.id]);
    expect((await as(ben).get(`/posts/${kept.id}`).expect(200)).body.isHidden).toBe(false);
  });

  it('a hidden post takes no new likes or comments: 404 as if it were gone, but for its author', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const suspendedAuthor = randomUUID();
    const byTheSuspended = await newPost(suspendedAuthor);
    await deliver(fakeEvent('post.hidden', { postId: post.id, authorId: ana }));
    await deliver(fakeEvent('user.suspended', { userId: suspendedAuthor }));

    for (const hidden of [post, byTheSuspended]) {
      const like = await as(ben).post(`/posts/${hidden.id}/like`, {}).expect(404);
      expect(like.body).toMatchObject({ code: 'POST.NOT_FOUND', message: 'Post not found' });
      const comment = await as(ben).post(`/posts/${hidden.id}/comments`, { content: 'hi' }).expect(404);
      expect(comment.body).toMatchObject({ code: 'POST.NOT_FOUND', message: 'Post not found' });
      await as(ben).get(`/posts/${hidden.id}/like-status`).expect(404);
    }
    expect((await as(ana).get(`/posts/${post.id}/like-status`).expect(200)).body).toEqual({ isLiked: false });
    // Its author still sees it (marked hidden) and may still note something on it, seen by them alone.
    await as(ana).post(`/posts/${post.id}/comments`, { content: 'note to self' }).expect(201);
    const seen = (await as(ana).get(`/posts/${post.id}`).expect(200)).body as Post;
    expect(seen).toMatchObject({ likesCount: 0, commentsCount: 1, isHidden: true });
  });

  it('a hidden comment: left out of the previews and the list for others; its author sees it marked', async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const rude = (await as(ben).post(`/posts/${post.id}/comments`, { content: 'rude' }).expect(201)).body;
    const kind = (await as(cara).post(`/posts/${post.id}/comments`, { content: 'kind' }).expect(201)).body;
    expect((await as(cara).get(`/report-targets/comment/${rude.id}`).expect(200)).body).toEqual({
      authorId: ben,
      postId: post.id,
      content: 'rude',
      imageUrl: null,
    });

    await deliver(fakeEvent('comment.hidden', { commentId: rude.id, authorId: ben }));

    for (const viewer of [null, ana, cara]) {
      const page = (await as(viewer).get(`/posts/${post.id}`).expect(200)).body as Post;
      expect(page.comments.map((comment) => comment.id)).toEqual([kind.id]);
      const list = (await as(viewer).get(`/posts/${post.id}/comments`).expect(200)).body;
      expect(list.map((comment: { id: string }) => comment.id)).toEqual([kind.id]);
    }
    const list = (await as(ben).get(`/posts/${post.id}/comments`).expect(200)).body;
    expect(list.map(({ id, isHidden }: { id: string; isHidden: boolean }) => ({ id, isHidden }))).toEqual([
      { id: rude.id, isHidden: true },
      { id: kind.id, isHidden: false },
    ]);
    await as(cara).get(`/report-targets/comment/${rude.id}`).expect(404);
  });

  it('UNHIDE shows a post and a comment to everyone again, unless a suspension still hides them', async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const comment = (await as(ben).post(`/posts/${post.id}/comments`, { content: 'ok' }).expect(201)).body;
    const suspendedPost = await newPost(cara);
    await deliver(fakeEvent('post.hidden', { postId: post.id, authorId: ana }));
    await deliver(fakeEvent('comment.hidden', { commentId: comment.id, authorId: ben }));
    await deliver(fakeEvent('post.hidden', { postId: suspendedPost.id, authorId: cara }));
    await deliver(fakeEvent('user.suspended', { userId: cara }));
    expect(await feedIds(ben)).not.toContain(post.id); // cached without it: the unhide must drop the pages

    await deliver(fakeEvent('post.hidden', { postId: post.id, authorId: ana, hidden: false }));
    await deliver(fakeEvent('comment.hidden', { commentId: comment.id, authorId: ben, hidden: false }));
    await deliver(fakeEvent('post.hidden', { postId: suspendedPost.id, authorId: cara, hidden: false }));

    expect(await feedIds(ben)).toContain(post.id);
    expect((await as(ana).get(`/posts/${post.id}`).expect(200)).body).toMatchObject({
      isHidden: false,
      comments: [{ id: comment.id, isHidden: false }],
    });
    await as(ben).post(`/posts/${post.id}/like`, {}).expect(200);
    await as(ben).get(`/posts/${suspendedPost.id}`).expect(404);
  });

  it("a suspension hides all the member's posts and comments until it ends", async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const post = await newPost(ana);
    const other = await newPost(ben);
    await as(ana).post(`/posts/${other.id}/comments`, { content: 'mine' }).expect(201);

    await deliver(fakeEvent('user.suspended', { userId: ana }));

    expect(await feedIds(ben)).not.toContain(post.id);
    await as(ben).get(`/posts/${post.id}`).expect(404);
    expect((await as(ben).get(`/posts/${other.id}`).expect(200)).body.comments).toEqual([]);
    expect((await as(ana).get(`/posts/${post.id}`).expect(200)).body.isHidden).toBe(true);

    await deliver(fakeEvent('user.unsuspended', { userId: ana }));

    expect(await feedIds(ben)).toContain(post.id);
    expect((await as(ben).get(`/posts/${other.id}`).expect(200)).body.comments).toHaveLength(1);
  });
});
