import { randomUUID } from 'node:crypto';
import { FEED_VERSION_CHANNEL, FEED_VERSION_HEADER, FEED_VERSION_KEY } from '@daybreak/contracts';
import { asViewer, fakeEvent, publishTestEvent, waitFor, waitForConsumed } from '@daybreak/testing';
import { versionChannel } from '@daybreak/redis';
import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { postsUnderTest, startPosts } from './posts-under-test';
import { referenceFeed } from './reference-feed';

/**
 * The first feed pages are served from Redis (FeedCache). Whatever changes, the very next read
 * shows it, for guests and for members (whose likes are merged into the cached page).
 */
describe('posts: the cached feed pages (real Postgres, Redis and Kafka)', () => {
  // Caught up: a user event left by an earlier file, applied mid-test, would drop the page a
  // test has just checked was cached.
  const { service, api } = postsUnderTest({ caughtUp: true });
  let redis: Redis;
  const [ana, ben] = [randomUUID(), randomUUID()];

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL as string);
  });
  afterAll(() => redis?.disconnect());

  const page = async (viewer: string | null) =>
    (await api().get('/posts?limit=10&offset=0').set(asViewer('posts', viewer)).expect(200)).body;
  /** Reads the first page twice (a miss, then a hit) and checks both against the uncached reference. */
  const readTwice = async (viewer: string | null) => {
    const expected = await referenceFeed(service().app.get(DataSource), { limit: 10, offset: 0 }, viewer);
    expect(await page(viewer)).toEqual(expected);
    expect(await redis.hexists('posts:feed-pages', '10:0')).toBe(1);
    const cached = await page(viewer);
    expect(cached).toEqual(expected);
    return cached as { id: string; likesCount: number; isLiked: boolean; comments: unknown[] }[];
  };
  const create = async (content: string) =>
    (await api().post('/posts').set(asViewer('posts', ana)).send({ content, timezone: 'UTC' }).expect(201))
      .body.id;

  it('shows a new post, a like, a comment and a deletion to the very next read', async () => {
    const first = await create('first');
    await readTwice(null);

    const second = await create('second');
    expect((await readTwice(ben)).map((post) => post.id).slice(0, 2)).toEqual([second, first]);

    await api().post(`/posts/${first}/like`).set(asViewer('posts', ben)).expect(200);
    const afterLike = await readTwice(ben);
    expect(afterLike.find((post) => post.id === first)).toMatchObject({ likesCount: 1, isLiked: true });
    expect((await readTwice(null)).find((post) => post.id === first)).toMatchObject({ isLiked: false });
    expect((await readTwice(ana)).find((post) => post.id === first)).toMatchObject({ isLiked: false });

    await api()
      .post(`/posts/${second}/comments`)
      .set(asViewer('posts', ben))
      .send({ content: 'hi' })
      .expect(201);
    expect((await readTwice(null)).find((post) => post.id === second)?.comments).toHaveLength(1);

    await api().delete(`/posts/${second}`).set(asViewer('posts', ana)).expect(204);
    expect((await readTwice(ben)).map((post) => post.id)).not.toContain(second);
  });

  it("shows a comment's deletion to the very next read: the count and the preview", async () => {
    const post = await create('commented, then uncommented');
    const comment = async (content: string) =>
      (await api().post(`/posts/${post}/comments`).set(asViewer('posts', ben)).send({ content }).expect(201))
        .body.id as string;
    const kept = await comment('kept');
    const deleted = await comment('deleted');
    const shown = async (viewer: string | null) => (await readTwice(viewer)).find(({ id }) => id === post);
    expect(await shown(ben)).toMatchObject({ commentsCount: 2 });

    await api().delete(`/posts/${post}/comments/${deleted}`).set(asViewer('posts', ben)).expect(204);
    // The preview lists every comment left (it shows up to three): the deleted one is gone from it.
    for (const viewer of [null, ben])
      expect(await shown(viewer)).toMatchObject({ commentsCount: 1, comments: [{ id: kept }] });
  });

  it("shows an author's new name to the next read once the event is applied", async () => {
    await create('named');
    await readTwice(null);

    const event = fakeEvent('user.updated', { userId: ana, profileName: 'ana-renamed' });
    await publishTestEvent(event);
    await waitForConsumed('posts', event.eventId);

    const [newest] = await page(null);
    expect(newest.user).toMatchObject({ id: ana, profileName: 'ana-renamed' });
  });

  it("remembers a member's likes on the page it keeps in memory, until a change drops the page", async () => {
    const liked = await create('liked, then unliked behind the service');
    await api().post(`/posts/${liked}/like`).set(asViewer('posts', ben)).expect(200);
    const isLikedFor = async (viewer: string) =>
      ((await page(viewer)) as { id: string; isLiked: boolean }[]).find(({ id }) => id === liked)?.isLiked;
    expect(await isLikedFor(ben)).toBe(true);

    // The like removed without the service knowing: the copy still remembers it.
    await service().app.get(DataSource).query(`DELETE FROM likes WHERE user_id = $1`, [ben]);
    expect(await isLikedFor(ben)).toBe(true);
    expect(await isLikedFor(ana)).toBe(false);

    // Any change the service commits drops the copy, and with it what it remembered.
    await create('a change');
    expect(await isLikedFor(ben)).toBe(false);
  });

  it('keeps the pages it read in memory, and drops them when another process commits a change', async () => {
    const post = await create('seen by two processes');
    const other = await startPosts({ keepSchema: true });
    try {
      const pageOnOther = async () =>
        (await request(other.url).get('/posts?limit=10&offset=0').set(asViewer('posts', ben)).expect(200))
          .body as { id: string; likesCount: number; isLiked: boolean }[];
      const before = await pageOnOther();
      expect(before.find(({ id }) => id === post)).toMatchObject({ likesCount: 0, isLiked: false });

      // The shared copy replaced behind the service's back: the other process answers from its own.
      await redis.hset('posts:feed-pages', '10:0', `${randomUUID()}\n[{"stale":true}]`);
      expect(await pageOnOther()).toEqual(before);

      await api().post(`/posts/${post}/like`).set(asViewer('posts', ben)).expect(200);
      // The drop reaches the other process within a millisecond or so; its copies would otherwise
      // live 5 s (LOCAL_TTL_MS), so waiting 2 s at most tells the two apart.
      const after = await waitFor(
        async () => {
          const page = await pageOnOther();
          return page.find(({ id }) => id === post)?.likesCount === 1 && page;
        },
        { timeoutMs: 2_000, intervalMs: 20, description: "the other process' page showing the like" },
      );
      expect(after.find(({ id }) => id === post)).toMatchObject({ likesCount: 1, isLiked: true });
    } finally {
      await other.app.close();
    }
  });

  it('says which version of the cached pages an answer was built from, and publishes each new version', async () => {
    const heard: number[] = [];
    const subscriber = redis.duplicate();
    subscriber.on('message', (_channel: string, version: string) => heard.push(Number(version)));
    await subscriber.subscribe(versionChannel(redis, FEED_VERSION_CHANNEL));
    try {
      const versionOf = async (path: string, on = service().url) => {
        const response = await request(on).get(path).set(asViewer('posts', ben)).expect(200);
        const version = response.headers[FEED_VERSION_HEADER];
        return version === undefined ? undefined : Number(version);
      };
      await create('versioned');
      // Other files' posts processes share this Redis and count too: versions only grow.
      const before = Number(await redis.get(FEED_VERSION_KEY));
      const built = await versionOf('/posts?limit=10&offset=0');
      expect(built).toBeGreaterThanOrEqual(before);
      // The same page from this process' copy, and from Redis in a process that has no copy.
      expect(await versionOf('/posts?limit=10&offset=0')).toBeGreaterThanOrEqual(built!);
      const other = await startPosts({ keepSchema: true });
      try {
        // Its start dropped the pages: this process stores the page again, the other reads it.
        const stored = await versionOf('/posts?limit=10&offset=0');
        expect(stored).toBeGreaterThanOrEqual(built!);
        expect(await versionOf('/posts?limit=10&offset=0', other.url)).toBeGreaterThanOrEqual(stored!);
      } finally {
        await other.app.close();
      }

      const afterStart = Number(await redis.get(FEED_VERSION_KEY));
      await create('a change');
      // Published before the change was answered; heard here a moment later.
      await waitFor(() => heard.some((version) => version > afterStart), {
        description: 'the new version published',
      });
      expect(await versionOf('/posts?limit=10&offset=0')).toBeGreaterThan(afterStart);

      // Pages the service does not cache carry no version: nobody may keep them.
      expect(await versionOf('/posts?limit=10&offset=40')).toBeUndefined();
      expect(await versionOf(`/posts?limit=10&offset=0&authorId=${ana}`)).toBeUndefined();
    } finally {
      subscriber.disconnect();
    }
  });

  it('does not serve a page cached before the service started', async () => {
    await redis.hset('posts:feed-pages', '10:0', `${randomUUID()}\n[{"stale":true}]`);
    const restarted = await startPosts({ keepSchema: true });
    try {
      const { body } = await request(restarted.url)
        .get('/posts?limit=10&offset=0')
        .set(asViewer('posts', null));
      expect(body[0]).not.toHaveProperty('stale');
    } finally {
      await restarted.app.close();
    }
  });
});
