import { randomUUID } from 'node:crypto';
import { BLOCKED_COMMENT_MESSAGE, BLOCKED_LIKE_MESSAGE, type Post } from '@daybreak/contracts';
import { asViewer, fakeEvent, publishTestEvent, waitForConsumed } from '@daybreak/testing';
import { postsUnderTest } from './posts-under-test';

/** Issue 42, ADR 0024: posts keeps social's blocks and mutes and filters a signed-in viewer's reads. */
describe('posts honour blocks and mutes (real Postgres, Redis, Kafka)', () => {
  const { api } = postsUnderTest();
  /** The identity headers the gateway sends for a member or a guest (null). */
  const as = (viewer: string | null) => asViewer('posts', viewer);
  const post = async (authorId: string, content: string): Promise<Post> =>
    (await api().post('/posts').set(as(authorId)).send({ content, timezone: 'UTC' }).expect(201)).body;
  const comment = (postId: string, viewer: string, content: string) =>
    api().post(`/posts/${postId}/comments`).set(as(viewer)).send({ content });
  const like = (postId: string, viewer: string) => api().post(`/posts/${postId}/like`).set(as(viewer));
  /** The first page of the feed (cached, ADR 0020), or the author's posts; 50 keeps ours on it. */
  const feed = async (viewer: string | null, authorId?: string): Promise<Post[]> =>
    (
      await api()
        .get('/posts')
        .query({ limit: 50, offset: 0, ...(authorId ? { authorId } : {}) })
        .set(as(viewer))
        .expect(200)
    ).body;
  const idsIn = async (viewer: string | null, authorId?: string) =>
    (await feed(viewer, authorId)).map((p) => p.id);
  const previewOf = async (viewer: string | null, postId: string) =>
    (await feed(viewer)).find((p) => p.id === postId)?.comments.map((c) => c.content);

  let version = 0;
  /** Publishes a change by `memberId` with their next version, and waits for posts to apply it. */
  const change = async (
    type: 'user.blocked' | 'user.unblocked' | 'user.muted' | 'user.unmuted',
    memberId: string,
    otherId: string,
    at = ++version,
  ) => {
    const payload = type.endsWith('blocked')
      ? { blockerId: memberId, blockedId: otherId, version: at }
      : { muterId: memberId, mutedId: otherId, version: at };
    const event = await publishTestEvent(fakeEvent(type, payload as never));
    await waitForConsumed('posts', event.eventId);
    return event;
  };

  /** Ana, Ben and Cara each post; Ana and Ben comment on Cara's post. */
  async function setup() {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    const anas = await post(ana, 'Ana at dawn');
    const bens = await post(ben, 'Ben at dawn');
    const caras = await post(cara, 'Cara at dawn');
    await comment(caras.id, ana, 'from Ana').expect(201);
    await comment(caras.id, ben, 'from Ben').expect(201);
    return { ana, ben, cara, anas, bens, caras };
  }

  it("a block hides each one's posts and comments from the other, everywhere, both ways; others and guests see all", async () => {
    const { ana, ben, cara, anas, bens, caras } = await setup();
    // Everyone reads first: the cached page and each viewer's answer kept with it (FeedCache).
    for (const viewer of [null, ana, ben, cara]) expect(await idsIn(viewer)).toContain(bens.id);

    await change('user.blocked', ana, ben);

    expect(await idsIn(ana)).not.toContain(bens.id);
    expect(await idsIn(ben)).not.toContain(anas.id);
    expect(await idsIn(ana)).toEqual(expect.arrayContaining([anas.id, caras.id]));
    for (const viewer of [null, cara])
      expect(await idsIn(viewer)).toEqual(expect.arrayContaining([anas.id, bens.id, caras.id]));
    // Comment previews on feed cards, and the post's comment list.
    expect(await previewOf(ana, caras.id)).toEqual(['from Ana']);
    expect(await previewOf(ben, caras.id)).toEqual(['from Ben']);
    expect(await previewOf(cara, caras.id)).toEqual(['from Ana', 'from Ben']);
    const listOf = async (viewer: string | null) =>
      (await api().get(`/posts/${caras.id}/comments`).set(as(viewer)).expect(200)).body.map(
        (c: { content: string }) => c.content,
      );
    expect([await listOf(ana), await listOf(ben), await listOf(null)]).toEqual([
      ['from Ana'],
      ['from Ben'],
      ['from Ana', 'from Ben'],
    ]);
    // The post page and its comments are not found, both ways; profile posts are empty.
    await api().get(`/posts/${bens.id}`).set(as(ana)).expect(404);
    await api().get(`/posts/${anas.id}`).set(as(ben)).expect(404);
    await api().get(`/posts/${bens.id}/comments`).set(as(ana)).expect(404);
    await api().get(`/posts/${bens.id}`).set(as(cara)).expect(200);
    await api().get(`/posts/${bens.id}`).set(as(null)).expect(200);
    expect(await idsIn(ana, ben)).toEqual([]);
    expect(await idsIn(ben, ana)).toEqual([]);
    expect(await idsIn(cara, ben)).toEqual([bens.id]);

    await change('user.unblocked', ana, ben);

    expect(await idsIn(ana)).toContain(bens.id);
    expect(await previewOf(ana, caras.id)).toEqual(['from Ana', 'from Ben']);
    await api().get(`/posts/${anas.id}`).set(as(ben)).expect(200);
  });

  it('refuses likes and comments across a block, either way, with the message the UI shows (403)', async () => {
    const { ana, ben, cara, anas, bens } = await setup();
    await like(bens.id, ana).expect(200);
    await change('user.blocked', ben, ana);

    for (const [postId, viewer] of [
      [anas.id, ben],
      [bens.id, ana],
    ]) {
      const liked = await like(postId, viewer).expect(403);
      expect(liked.body).toMatchObject({ code: 'LIKE.BLOCKED', message: BLOCKED_LIKE_MESSAGE });
      const commented = await comment(postId, viewer, 'hello').expect(403);
      expect(commented.body).toMatchObject({ code: 'COMMENT.BLOCKED', message: BLOCKED_COMMENT_MESSAGE });
    }
    // Ana's like from before the block stands; a third member likes and comments as ever.
    const { body: bensAsCara } = await api().get(`/posts/${bens.id}`).set(as(cara)).expect(200);
    expect(bensAsCara.likesCount).toBe(1);
    expect((await like(bens.id, cara).expect(200)).body).toEqual({ isLiked: true, likesCount: 2 });
    await comment(anas.id, cara, 'hi Ana').expect(201);

    await change('user.unblocked', ben, ana);
    await like(anas.id, ben).expect(200);
    await comment(bens.id, ana, 'friends again').expect(201);
  });

  it("a mute quiets the muted member in the muter's feed and comment previews only", async () => {
    const { ana, ben, cara, anas, bens, caras } = await setup();
    await change('user.muted', ana, ben);

    expect(await idsIn(ana)).not.toContain(bens.id);
    expect(await previewOf(ana, caras.id)).toEqual(['from Ana']);
    // Ben is not told: his reads are as before; Ana can still open his post and his posts.
    expect(await idsIn(ben)).toEqual(expect.arrayContaining([anas.id, bens.id]));
    expect(await previewOf(cara, caras.id)).toEqual(['from Ana', 'from Ben']);
    await api().get(`/posts/${bens.id}`).set(as(ana)).expect(200);
    expect(await idsIn(ana, ben)).toEqual([bens.id]);
    await like(bens.id, ana).expect(200);

    await change('user.unmuted', ana, ben);
    expect(await idsIn(ana)).toContain(bens.id);
  });

  it('keeps the newest change of a pair: a redelivered or older event changes nothing', async () => {
    const { ana, ben, bens } = await setup();
    const blocked = await change('user.blocked', ana, ben, 10);
    // Redelivered, and an older unblock replayed late (a dead letter): the block stands.
    await publishTestEvent(blocked);
    await change('user.unblocked', ana, ben, 9);
    expect(await idsIn(ana)).not.toContain(bens.id);

    await change('user.unblocked', ana, ben, 11);
    expect(await idsIn(ana)).toContain(bens.id);
  });

  it("answers the gateway's wait once the member's change is applied; the next read shows it at once", async () => {
    const { ana, ben, bens } = await setup();
    expect(await idsIn(ana)).toContain(bens.id);
    const event = fakeEvent('user.blocked', { blockerId: ana, blockedId: ben, version: 1 });

    const waiting = api()
      .post('/safety/caught-up')
      .set(as(ana))
      .send({ version: 1 })
      .then((r) => r);
    await publishTestEvent(event);
    const answered = await waiting;

    expect(answered.status).toBe(200);
    expect(answered.body).toEqual({ caughtUp: true });
    expect(await idsIn(ana)).not.toContain(bens.id);
    // A version already applied answers at once.
    expect(
      (await api().post('/safety/caught-up').set(as(ana)).send({ version: 1 }).expect(200)).body,
    ).toEqual({
      caughtUp: true,
    });
    await api().post('/safety/caught-up').set(as(ana)).send({ version: 0 }).expect(400);
    await api().post('/safety/caught-up').set(as(null)).send({ version: 1 }).expect(401);
  });
});
