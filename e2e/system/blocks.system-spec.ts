import {
  BLOCKED_COMMENT_MESSAGE,
  BLOCKED_FOLLOW_MESSAGE,
  BLOCKED_LIKE_MESSAGE,
  type Post,
} from '@daybreak/contracts';
import { member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/** Issue 42: blocks and mutes through the real gateway and social processes. */
describe('blocks and mutes through the gateway', () => {
  const { baseUrl } = stackEnv();

  it("blocks: the follows end both ways, a follow is refused with the message, each other's profile is not found, the list shows them", async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Blocka'), member(baseUrl, 'Blockben')]);
    await ana.follow(ben);
    await ben.follow(ana);

    expect(await ana.block(ben)).toMatchObject({ status: 200, body: { isBlocked: true } });

    // Each reads their own counts: the other's profile is not found to them while the block stands.
    const [anas, bens] = await Promise.all([ana.profileOf(ana), ben.profileOf(ben)]);
    expect([anas.body.followersCount, anas.body.followingCount]).toEqual([0, 0]);
    expect([bens.body.followersCount, bens.body.followingCount]).toEqual([0, 0]);
    expect((await ana.profileOf(ben)).status).toBe(404);
    expect((await ben.profileOf(ana)).status).toBe(404);
    expect(await ben.follow(ana)).toMatchObject({ status: 403, body: { message: BLOCKED_FOLLOW_MESSAGE } });
    expect((await ana.blocks()).body).toEqual([
      expect.objectContaining({ id: ben.id, firstName: 'Blockben' }),
    ]);
    expect((await ana.block(ana)).status).toBe(400);

    expect((await ana.unblock(ben)).body).toEqual({ isBlocked: false });
    expect((await ana.blocks()).body).toEqual([]);
    expect((await ana.profileOf(ben)).status).toBe(200);
    expect((await ben.follow(ana)).status).toBe(200);
  });

  it('mutes: listed for the muter alone, and the follows stay', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Mutea'), member(baseUrl, 'Muteben')]);
    await ana.follow(ben);

    expect((await ana.mute(ben)).body).toEqual({ isMuted: true });

    expect((await ana.mutes()).body).toEqual([expect.objectContaining({ id: ben.id })]);
    expect((await ben.mutes()).body).toEqual([]);
    expect((await ana.profileOf(ben)).body.isFollowing).toBe(true);
    expect((await ana.unmute(ben)).body).toEqual({ isMuted: false });
  });

  describe("posts (ADR 0024): the member's very next read shows their change, with no waiting", () => {
    // Other files' tests post at the same time: a page of 50 keeps this test's posts on it.
    const feedIds = async (caller: Awaited<ReturnType<typeof member>>) => {
      const { status, body } = await caller.feed({ limit: 50, offset: 0 });
      expect(status).toBe(200);
      return (body as Post[]).map((post) => post.id);
    };

    it("a block: the blocker's next feed read leaves the other out (and the other's theirs); a third member sees both; likes and comments are refused", async () => {
      const [ana, ben, cat] = await Promise.all([
        member(baseUrl, 'Feeda'),
        member(baseUrl, 'Feedben'),
        member(baseUrl, 'Feedcat'),
      ]);
      const bens = (await ben.post({ content: 'Ben before sunrise' })).body.post as Post;
      const anas = (await ana.post({ content: 'Ana before sunrise' })).body.post as Post;
      // Read first, so the gateway and posts keep copies of these pages that the block must not serve.
      expect(await feedIds(ana)).toContain(bens.id);
      expect(await feedIds(ana)).toContain(bens.id);

      expect((await ana.block(ben)).status).toBe(200);

      expect(await feedIds(ana)).not.toContain(bens.id);
      expect(await feedIds(ben)).not.toContain(anas.id);
      expect(await feedIds(cat)).toEqual(expect.arrayContaining([anas.id, bens.id]));
      expect((await ana.readPost(bens)).status).toBe(404);
      expect(await ben.like(anas)).toMatchObject({ status: 403, body: { message: BLOCKED_LIKE_MESSAGE } });
      expect(await ben.comment(anas, 'hi')).toMatchObject({
        status: 403,
        body: { message: BLOCKED_COMMENT_MESSAGE },
      });

      expect((await ana.unblock(ben)).status).toBe(200);
      expect(await feedIds(ana)).toContain(bens.id);
    });

    it('a block: every read of the other\'s post is 404 "Post not found", both ways, as the post is; a third member reads them', async () => {
      const [ana, ben, cat] = await Promise.all([
        member(baseUrl, 'Reada'),
        member(baseUrl, 'Readben'),
        member(baseUrl, 'Readcat'),
      ]);
      const anas = (await ana.post({ content: 'Ana, read' })).body.post as Post;
      const bens = (await ben.post({ content: 'Ben, read' })).body.post as Post;
      expect((await ana.likeStatus(bens)).status).toBe(200);

      expect((await ana.block(ben)).status).toBe(200);

      for (const [reader, post] of [
        [ana, bens],
        [ben, anas],
      ] as const)
        for (const read of [reader.readPost, reader.likeStatus, reader.commentsOf]) {
          const { status, body } = await read(post);
          expect({ status, message: (body as { message?: string }).message }).toEqual({
            status: 404,
            message: 'Post not found',
          });
        }
      for (const read of [cat.readPost, cat.likeStatus, cat.commentsOf])
        for (const post of [anas, bens]) expect((await read(post)).status).toBe(200);
    });

    it("a mute: the muter's next feed read leaves the muted member out; theirs is as before", async () => {
      const [ana, ben] = await Promise.all([member(baseUrl, 'Quieta'), member(baseUrl, 'Quietben')]);
      const bens = (await ben.post({ content: 'Ben, loudly' })).body.post as Post;
      const anas = (await ana.post({ content: 'Ana, quietly' })).body.post as Post;
      expect(await feedIds(ana)).toContain(bens.id);

      expect((await ana.mute(ben)).status).toBe(200);

      expect(await feedIds(ana)).not.toContain(bens.id);
      expect(await feedIds(ben)).toEqual(expect.arrayContaining([anas.id, bens.id]));
      expect((await ana.readPost(bens)).status).toBe(200);

      expect((await ana.unmute(ben)).status).toBe(200);
      expect(await feedIds(ana)).toContain(bens.id);
    });
  });
});
