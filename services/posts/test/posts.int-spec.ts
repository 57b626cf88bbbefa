import { randomUUID } from 'node:crypto';
import {
  FEED_PAGE_SIZE,
  MAX_PAGE_OFFSET,
  PAGE_TOO_DEEP_MESSAGE,
  STREAK_TEST_POST_LIMIT,
} from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  outboxRows,
  publishTestEvent,
  queryTestDatabase,
  waitFor,
  waitForConsumed,
} from '@daybreak/testing';
import request from 'supertest';
import { PostsService } from '../src/posts/posts.service';
import { postsUnderTest } from './posts-under-test';

describe('posts: create and feed (real Postgres and Kafka)', () => {
  const { service, as } = postsUnderTest();

  const createPost = (userId: string | null, body: Record<string, unknown>) =>
    as(userId).post('/posts', body);
  const feed = (query: string, userId: string | null = null) => as(userId).get(`/posts${query}`);

  it('stores a member post with its classification and queues post.created in the outbox', async () => {
    const ana = randomUUID();

    const response = await createPost(ana, {
      content: '  Up before the sun  ',
      timezone: 'Europe/Paris',
    }).expect(201);

    expect(response.body).toMatchObject({
      content: 'Up before the sun',
      userId: ana,
      timezone: 'Europe/Paris',
      likesCount: 0,
      commentsCount: 0,
      isLiked: false,
      comments: [],
    });
    expect(['5am', '6am', 'none']).toContain(response.body.timeClassification);
    expect(response.body.isEarlyMorning).toBe(response.body.timeClassification !== 'none');
    const rows = await outboxRows('posts', 'post.created');
    const row = rows.find((candidate) => candidate.messageKey === response.body.id);
    expect(row?.envelope.payload).toMatchObject({
      postId: response.body.id,
      authorId: ana,
      hasImage: false,
      imageUrl: null,
    });
  });

  it('embeds the author from its read model once user.registered arrives', async () => {
    const ana = randomUUID();
    const { body: post } = await createPost(ana, { content: 'Coffee and sunrise', timezone: 'UTC' }).expect(
      201,
    );
    expect(post.user).toEqual({
      id: ana,
      firstName: null,
      lastName: null,
      profileName: null,
      profileImageUrl: null,
    });

    await publishTestEvent(
      fakeEvent('user.registered', {
        userId: ana,
        firstName: 'Ana',
        lastName: 'Dawn',
        profileName: 'ana_rises',
      }),
    );

    const embedded = await waitFor(
      async () => {
        const { body } = await request(service().url).get(`/posts/${post.id}`).set(asViewer('posts', null));
        return body.user.profileName ? body.user : undefined;
      },
      { description: 'the author to reach the read model' },
    );
    expect(embedded).toMatchObject({ id: ana, firstName: 'Ana', lastName: 'Dawn', profileName: 'ana_rises' });
  });

  it('ignores a redelivered user event and an older snapshot', async () => {
    const ben = randomUUID();
    const snapshot = (profileName: string, occurredAt: string) =>
      fakeEvent('user.updated', { userId: ben, firstName: 'Ben', profileName }, { occurredAt });
    const newer = await publishTestEvent(snapshot('new', '2026-01-02T00:00:00.000Z'));
    await publishTestEvent(snapshot('old', '2026-01-01T00:00:00.000Z'));
    await publishTestEvent({ ...snapshot('replayed', '2026-01-03T00:00:00.000Z'), eventId: newer.eventId });
    // Same key, so same partition: once the marker is consumed, everything before it was too.
    const marker = await publishTestEvent(snapshot('marker', '2025-01-01T00:00:00.000Z'));

    await waitForConsumed('posts', marker.eventId);
    const [author] = await queryTestDatabase<{ profile_name: string }>(
      `SELECT profile_name FROM posts.authors WHERE user_id = $1`,
      [ben],
    );
    expect(author.profile_name).toBe('new');
  });

  it("classifies a post in the author's stored zone: a '5 AM' post sent with a fake zone is not early (ADR 0009)", async () => {
    const cara = randomUUID();
    const registered = await publishTestEvent(
      fakeEvent('user.registered', { userId: cara, firstName: 'Cara', timezone: 'Europe/Paris' }),
    );
    await waitForConsumed('posts', registered.eventId);
    const posts = service().app.get(PostsService);
    const elevenInParis = new Date('2026-01-15T10:00:00Z'); // 05:00 in New York

    const faked = await posts.create(
      cara,
      { content: 'Up at five', timezone: 'America/New_York' },
      elevenInParis,
    );
    expect(faked).toMatchObject({ timezone: 'Europe/Paris', timeClassification: 'none' });
    const [row] = await queryTestDatabase<{ sent_timezone: string }>(
      `SELECT sent_timezone FROM posts.posts WHERE id = $1`,
      [faked.id],
    );
    expect(row.sent_timezone).toBe('America/New_York');
    const [event] = (await outboxRows('posts', 'post.created')).filter((r) => r.messageKey === faked.id);
    expect(event.envelope.payload).toMatchObject({ timezone: 'Europe/Paris', isEarlyMorning: false });

    // Her real 5 AM at home counts, whatever zone the post claims.
    const fiveInParis = new Date('2026-01-16T04:00:00Z');
    const real = await posts.create(cara, { content: 'Really up', timezone: 'Asia/Tokyo' }, fiveInParis);
    expect(real).toMatchObject({ timezone: 'Europe/Paris', timeClassification: '5am' });

    // A traveller's zone follows the profile (the SPA sends the device's zone): New York from now on.
    const moved = await publishTestEvent(
      fakeEvent('user.updated', { userId: cara, firstName: 'Cara', timezone: 'America/New_York' }),
    );
    await waitForConsumed('posts', moved.eventId);
    const fiveInNewYork = new Date('2026-01-17T10:00:00Z');
    const abroad = await posts.create(
      cara,
      { content: 'Jet lag', timezone: 'America/New_York' },
      fiveInNewYork,
    );
    expect(abroad).toMatchObject({ timezone: 'America/New_York', timeClassification: '5am' });
  });

  it('pages the feed newest first, 10 at a time, for guests too', async () => {
    const cara = randomUUID();
    const created: string[] = [];
    for (let i = 0; i < FEED_PAGE_SIZE + 2; i++) {
      const { body } = await createPost(cara, { content: `Morning ${i}`, timezone: 'Asia/Tokyo' }).expect(
        201,
      );
      created.push(body.id);
    }

    const first = await feed('?limit=10&offset=0').expect(200);
    const second = await feed('?limit=10&offset=10').expect(200);

    expect(first.body).toHaveLength(FEED_PAGE_SIZE);
    expect(first.body.slice(0, 10).map((post: { id: string }) => post.id)).toEqual(
      created.slice(-10).reverse(),
    );
    expect(second.body[0].id).toBe(created[1]);
    expect(second.body[1].id).toBe(created[0]);
  });

  it("pages one member's posts newest first (their profile), like the feed", async () => {
    const [dina, other] = [randomUUID(), randomUUID()];
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) {
      mine.push((await createPost(dina, { content: `Mine ${i}`, timezone: 'UTC' }).expect(201)).body.id);
      await createPost(other, { content: `Theirs ${i}`, timezone: 'UTC' }).expect(201);
    }

    const first = await feed(`?authorId=${dina}&limit=2&offset=0`).expect(200);
    const second = await feed(`?authorId=${dina}&limit=2&offset=2`).expect(200);

    expect(first.body.map((post: { id: string }) => post.id)).toEqual([mine[2], mine[1]]);
    expect(second.body.map((post: { id: string }) => post.id)).toEqual([mine[0]]);
    expect((await feed(`?authorId=${randomUUID()}`).expect(200)).body).toEqual([]);
    expect((await feed('?authorId=nope').expect(400)).body.message).toMatch(/authorId must be a UUID/);
  });

  it('lends the texts of many posts in one call (the streak test), leaving out the missing ones', async () => {
    const emma = randomUUID();
    const posts = [];
    for (const content of ['First light', 'Second light'])
      posts.push((await createPost(emma, { content, timezone: 'UTC' }).expect(201)).body);
    const texts = (viewer: string | null, ids: unknown) =>
      request(service().url).post('/posts/texts').set(asViewer('posts', viewer)).send({ ids });

    const { body } = await texts(emma, [...posts.map((post) => post.id), randomUUID()]).expect(200);
    expect(body).toHaveLength(2);
    expect(body).toEqual(
      expect.arrayContaining(posts.map((post) => ({ id: post.id, content: post.content }))),
    );
    expect((await texts(emma, []).expect(200)).body).toEqual([]);
    await texts(null, [posts[0].id]).expect(401);
    expect((await texts(emma, ['nope']).expect(400)).body.message).toMatch(/ids must be UUIDs/);
    const tooMany = Array.from({ length: STREAK_TEST_POST_LIMIT + 1 }, () => randomUUID());
    expect((await texts(emma, tooMany).expect(400)).body.message).toMatch(
      `At most ${STREAK_TEST_POST_LIMIT} posts at a time.`,
    );
  });

  it("pages the feed and a member's posts down to MAX_PAGE_OFFSET, and answers a deeper page 400 with a message", async () => {
    for (const filter of ['', `&authorId=${randomUUID()}`]) {
      await feed(`?offset=${MAX_PAGE_OFFSET}${filter}`).expect(200);
      const deeper = await feed(`?offset=${MAX_PAGE_OFFSET + 1}${filter}`).expect(400);
      expect(deeper.body).toMatchObject({
        code: 'REQUEST.INVALID',
        message: `offset: ${PAGE_TOO_DEEP_MESSAGE}`,
      });
    }
  });

  describe('rejects what it cannot accept, with a message a person can read', () => {
    const member = randomUUID();

    it.each([
      ['a guest', null, { content: 'hi', timezone: 'UTC' }, 401, /Unauthorized/],
      [
        'empty content and no image',
        member,
        { content: '   ', timezone: 'UTC' },
        400,
        /Please add some content or an image to your post\./,
      ],
      ['a missing time zone', member, { content: 'hi' }, 400, /timezone is required/],
      ['an unknown time zone', member, { content: 'hi', timezone: 'Mars/Olympus' }, 400, /Unknown time zone/],
      [
        'content over 2000 characters',
        member,
        { content: 'x'.repeat(2001), timezone: 'UTC' },
        400,
        /at most 2000 characters/,
      ],
      ['content that is not text', member, { content: 42, timezone: 'UTC' }, 400, /content must be text/],
      [
        'an image that is not one of ours',
        member,
        { content: 'hi', timezone: 'UTC', imageUrl: 'https://evil.example/x.png' },
        400,
        /imageUrl/,
      ],
    ])('%s', async (_case, viewer, body, status, message) => {
      const response = await createPost(viewer, body).expect(status);
      expect(response.body.message).toMatch(message);
    });

    it('a malformed or unknown post id, and an out-of-range page', async () => {
      await feed('/not-a-uuid').expect(400);
      const missing = await feed(`/${randomUUID()}`).expect(404);
      expect(missing.body).toMatchObject({ code: 'POST.NOT_FOUND', message: 'Post not found' });
      await feed('?limit=500').expect(400);
      await feed('?offset=-1').expect(400);
    });
  });
});
