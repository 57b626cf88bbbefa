import { randomUUID } from 'node:crypto';
import {
  type EventPayload,
  type EventType,
  UNREAD_COUNT_CHANNEL as UNREAD_CHANNEL,
} from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  outboxRows,
  publishTestEvents,
  queryTestDatabase,
  waitFor,
} from '@daybreak/testing';
import Redis from 'ioredis';
import { FAN_OUT_BATCH } from '../src/notifications/post-fan-out';
import { unreadKey } from '../src/notifications/unread-counter';
import { pushCalls, pushed, startNotifications } from './notifications-app';
import { eventsAppliedBy, notificationsUnderTest, unreadInPostgres } from './notifications-under-test';

const HANDLERS: Partial<Record<EventType, number>> = {
  'post.created': 3,
  'post.deleted': 1,
  'user.registered': 2,
  'user.updated': 2,
  'user.followed': 2,
  'post.unliked': 0,
};

describe('notifications: from events to the list, the unread counter and push (real Postgres, Redis, Kafka)', () => {
  const { api, redis, listOf, countOf } = notificationsUnderTest();
  let subscriber: Redis;
  const announced: { userId: string; count: number }[] = [];

  beforeAll(async () => {
    subscriber = new Redis(process.env.REDIS_URL ?? '');
    await subscriber.subscribe(UNREAD_CHANNEL);
    subscriber.on('message', (_channel, message: string) => announced.push(JSON.parse(message)));
  });
  afterAll(() => subscriber?.quit());

  /**
   * Publishes events in order and resolves once every handler of the service has applied each
   * (post.created and user.followed feed a read model and notify, post.created and user events also
   * the reminders' zones; nothing consumes post.unliked).
   */
  const { deliver, applied } = eventsAppliedBy(HANDLERS);
  const register = async (names: Partial<EventPayload<'user.registered'>> = {}) => {
    const event = fakeEvent('user.registered', { firstName: 'Ana', lastName: 'Early', ...names });
    await deliver(event);
    return event.payload.userId;
  };
  const like = (payload: Partial<EventPayload<'post.liked'>>) => fakeEvent('post.liked', payload);
  /** How many transactions applied the events: the inbox stamps each with now(), its transaction's start. */
  const transactionsOf = async (events: ReturnType<typeof fakeEvent>[]): Promise<number> =>
    (
      await queryTestDatabase<{ count: number }>(
        `SELECT count(DISTINCT processed_at)::int AS count FROM notifications.processed_events
         WHERE event_id = ANY($1::uuid[])`,
        [events.map((event) => event.eventId)],
      )
    )[0].count;

  it('post.liked: the author gets "… liked your post" with fromUser and post, counted, announced and pushed', async () => {
    const ana = await register({ firstName: 'Ana', lastName: 'Early', profileImageUrl: '/objects/ana.jpg' });
    const ben = randomUUID();
    const post = fakeEvent('post.created', {
      authorId: ben,
      hasImage: true,
      imageUrl: '/uploads/sunrise.jpg',
    });
    const postId = post.payload.postId;
    await deliver(post);
    await deliver(like({ postId, postAuthorId: ben, likerId: ana }));

    const [notification] = await listOf(ben);
    expect(notification).toMatchObject({
      type: 'like',
      message: 'Ana Early liked your post',
      isRead: false,
      fromUserId: ana,
      postId,
      fromUser: {
        firstName: 'Ana',
        lastName: 'Early',
        profileName: null,
        profileImageUrl: '/objects/ana.jpg',
      },
      post: { imageUrl: '/uploads/sunrise.jpg' },
    });
    expect(new Date(notification.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await countOf(ben)).toBe(1);
    await waitFor(() => announced.some((a) => a.userId === ben && a.count === 1));
    expect(pushed).toContainEqual({
      userId: ben,
      message: { title: 'Daybreak', body: 'Ana Early liked your post', url: `/?post=${postId}` },
    });
  });

  it('gives no notification for your own like or comment', async () => {
    const ana = randomUUID();
    const postId = randomUUID();
    await deliver(
      like({ postId, postAuthorId: ana, likerId: ana }),
      fakeEvent('comment.created', { postId, postAuthorId: ana, authorId: ana }),
    );
    expect(await listOf(ana)).toEqual([]);
    expect(await countOf(ana)).toBe(0);
  });

  it('like, unlike and like again by the same member on the same post notify once', async () => {
    const [ben, ana, postId] = [randomUUID(), randomUUID(), randomUUID()];
    const payload = { postId, postAuthorId: ben, likerId: ana };
    await deliver(like(payload), fakeEvent('post.unliked', payload), like(payload));
    expect((await listOf(ben)).map((n) => n.type)).toEqual(['like']);
    expect(await countOf(ben)).toBe(1);
  });

  it('a batch of likes applied in one transaction: each author counted once per liker, a cause once, names from one read', async () => {
    const [ana, cara] = [await register({ firstName: 'Ana' }), await register({ firstName: 'Cara' })];
    const [ben, dana] = [randomUUID(), randomUUID()];
    const [bensPost, danasPost] = [randomUUID(), randomUUID()];
    const likes = [
      { postId: bensPost, postAuthorId: ben, likerId: ana },
      { postId: bensPost, postAuthorId: ben, likerId: cara },
      { postId: bensPost, postAuthorId: ben, likerId: ben }, // his own: nothing
      { postId: bensPost, postAuthorId: ben, likerId: ana }, // liked again: the same cause
      { postId: danasPost, postAuthorId: dana, likerId: ana },
    ].map((payload, i) => fakeEvent('post.liked', payload, { correlationId: `batch-like-${i}` }));
    // One partition, one request: the worker fetches them together.
    await publishTestEvents(likes, { partition: 2 });
    await applied(...likes);

    expect(await transactionsOf(likes)).toBe(1);
    expect((await listOf(ben)).map((n) => n.message).sort()).toEqual([
      'Ana Early liked your post',
      'Cara Early liked your post',
    ]);
    expect((await listOf(dana)).map((n) => n.message)).toEqual(['Ana Early liked your post']);
    expect([await countOf(ben), await countOf(dana)]).toEqual([2, 1]);
    await waitFor(() => announced.some((a) => a.userId === ben && a.count === 2));
    const authors: string[] = [ben, dana];
    const published = (await outboxRows('notifications', 'notification.created')).filter((row) =>
      authors.includes(row.envelope.payload.userId),
    );
    expect(published).toHaveLength(3);
    // Each announcement carries the correlation id of the like that caused it.
    expect(new Set(published.map((row) => row.envelope.correlationId))).toEqual(
      new Set([likes[0], likes[1], likes[4]].map((event) => event.correlationId)),
    );
    expect(
      pushed
        .filter((p) => authors.includes(p.userId))
        .map((p) => p.message.body)
        .sort(),
    ).toEqual(['Ana Early liked your post', 'Ana Early liked your post', 'Cara Early liked your post']);
    // Handed to push together once the transaction committed: one lookup of the authors' devices.
    const handOvers = pushCalls.filter((recipients) => recipients.some((id) => authors.includes(id)));
    expect(handOvers.map((recipients) => [...recipients].sort())).toEqual([[ben, ben, dana].sort()]);
  });

  it('a redelivered event creates nothing', async () => {
    const [ben, postId] = [randomUUID(), randomUUID()];
    const first = like({ postId, postAuthorId: ben });
    // Same key, so the same partition: once the last is applied, the duplicate has been seen.
    await deliver(first, first, like({ postId, postAuthorId: ben }));
    expect(await listOf(ben)).toHaveLength(2);
    expect(await countOf(ben)).toBe(2);
  });

  it('comment.created, user.followed and badge.earned write their messages and targets', async () => {
    const cara = await register({ profileName: 'cara_wakes' });
    const ben = randomUUID();
    const postId = randomUUID();
    await deliver(fakeEvent('comment.created', { postId, postAuthorId: ben, authorId: cara }));
    await deliver(fakeEvent('user.followed', { followerId: cara, followeeId: ben }));
    await deliver(
      fakeEvent('badge.earned', { userId: ben, badgeId: 'first-light', badgeName: 'First Light', postId }),
    );
    await deliver(fakeEvent('badge.earned', { userId: ben, badgeId: 'week-warrior', postId: null }));

    const list = await listOf(ben);
    expect(
      list.map(({ type, message, fromUserId, postId: post }) => ({ type, message, fromUserId, post })),
    ).toEqual([
      { type: 'other', message: 'You earned the week-warrior badge!', fromUserId: null, post: null },
      { type: 'other', message: 'You earned the First Light badge!', fromUserId: null, post: postId },
      { type: 'follow', message: 'cara_wakes started following you', fromUserId: cara, post: null },
      { type: 'comment', message: 'cara_wakes commented on your post', fromUserId: cara, post: postId },
    ]);
    expect(list[0].fromUser).toBeNull();
    expect(await countOf(ben)).toBe(4);
    const urls = pushed.filter((p) => p.userId === ben).map((p) => p.message.url);
    expect(urls).toEqual([`/?post=${postId}`, `/profile/${cara}`, `/?post=${postId}`, '/']);
  });

  it('dates each notification by when its cause happened (occurredAt), not when the worker got to it', async () => {
    const ben = await register({ firstName: 'Ben', lastName: null });
    const cara = randomUUID();
    await deliver(fakeEvent('user.followed', { followerId: cara, followeeId: ben }));
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const [dayOld, hourAndHalfOld, hourOld, halfHourOld, minuteOld] = [
      ago(24 * 60),
      ago(90),
      ago(60),
      ago(30),
      ago(1),
    ];
    // A backlog after a Kafka outage, delivered out of the order it happened in.
    await deliver(
      fakeEvent('post.liked', { postAuthorId: cara, likerId: ben }, { occurredAt: minuteOld }),
      fakeEvent('user.followed', { followerId: ben, followeeId: cara }, { occurredAt: dayOld }),
      fakeEvent('post.created', { authorId: ben }, { occurredAt: hourOld }),
      fakeEvent('comment.created', { postAuthorId: cara, authorId: ben }, { occurredAt: halfHourOld }),
      fakeEvent('badge.earned', { userId: cara, postId: null }, { occurredAt: hourAndHalfOld }),
    );

    const list = await listOf(cara);

    // Newest cause first, whatever order the worker handled them in.
    expect(list.map(({ type, createdAt }) => ({ type, createdAt }))).toEqual([
      { type: 'like', createdAt: minuteOld },
      { type: 'comment', createdAt: halfHourOld },
      { type: 'post', createdAt: hourOld },
      { type: 'other', createdAt: hourAndHalfOld },
      { type: 'follow', createdAt: dayOld },
    ]);
  });

  it("dates a notification now when its producer's clock is ahead of ours, never in the future", async () => {
    const ben = randomUUID();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await deliver(fakeEvent('user.followed', { followeeId: ben }, { occurredAt: inAnHour }));

    const [notification] = await listOf(ben);

    expect(new Date(notification.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('names the member whatever the case of the ids in the events (uuids are case-blind)', async () => {
    const author = await register({ firstName: 'Uma', lastName: null });
    const follower = randomUUID();
    await deliver(fakeEvent('user.followed', { followerId: follower, followeeId: author }));
    await deliver(fakeEvent('post.created', { authorId: author.toUpperCase() }));
    await deliver(fakeEvent('comment.created', { postAuthorId: follower, authorId: author.toUpperCase() }));
    // The push carries the text written with the notification (the list names members as of now).
    await waitFor(() => pushed.filter((p) => p.userId === follower).length === 2);
    expect(pushed.filter((p) => p.userId === follower).map((p) => p.message.body)).toEqual([
      'Uma shared a new post',
      'Uma commented on your post',
    ]);
  });

  it('a member without a profile is "Member"', async () => {
    const ben = randomUUID();
    await deliver(fakeEvent('user.followed', { followeeId: ben }));
    expect((await listOf(ben))[0].message).toBe('Member started following you');
  });

  it(`post.created fans out to every follower in batches of ${FAN_OUT_BATCH}, and not to one who unfollowed`, async () => {
    const author = await register({ firstName: 'Dev', lastName: null });
    const [stays, leaves] = [randomUUID(), randomUUID()];
    await deliver(
      fakeEvent('user.followed', { followerId: stays, followeeId: author }),
      fakeEvent('user.followed', { followerId: leaves, followeeId: author }),
    );
    await deliver(fakeEvent('user.unfollowed', { followerId: leaves, followeeId: author }));
    // The other 2,500 straight into the read model: the events above prove how it is fed.
    await queryTestDatabase(
      `INSERT INTO notifications.follows (followee_id, follower_id)
       SELECT $1, gen_random_uuid() FROM generate_series(1, 2500)`,
      [author],
    );
    const post = fakeEvent('post.created', { authorId: author });
    await deliver(post);

    const rows = await queryTestDatabase<{ userId: string; message: string }>(
      `SELECT user_id AS "userId", message FROM notifications.notifications WHERE post_id = $1 AND type = 'post'`,
      [post.payload.postId],
    );
    expect(rows).toHaveLength(2501);
    expect(new Set(rows.map((row) => row.message))).toEqual(new Set(['Dev shared a new post']));
    expect(rows.map((row) => row.userId)).toContain(stays);
    expect(rows.map((row) => row.userId)).not.toContain(leaves);
    expect(await countOf(stays)).toBe(1);
    // Every follower's counter is up, and each was announced.
    const counts = await redis().mget(rows.map((row) => unreadKey(row.userId)));
    expect(new Set(counts)).toEqual(new Set(['1']));
    await waitFor(() => announced.filter((a) => rows.some((row) => row.userId === a.userId)).length === 2501);
  });

  it('reads: only the owner’s; another member’s id is 404 and changes nothing; never counted twice', async () => {
    const [ben, intruder] = [randomUUID(), randomUUID()];
    await deliver(like({ postAuthorId: ben }), like({ postAuthorId: ben }));
    const [newest, older] = await listOf(ben);

    const refused = await api()
      .put(`/notifications/${newest.id}/read`)
      .set(asViewer('notifications', intruder))
      .expect(404);
    expect(refused.body.message).toBe('Notification not found');
    expect(await countOf(ben)).toBe(2);
    expect((await listOf(ben)).every((n) => !n.isRead)).toBe(true);

    await api().put(`/notifications/${newest.id}/read`).set(asViewer('notifications', ben)).expect(204);
    await api().put(`/notifications/${newest.id}/read`).set(asViewer('notifications', ben)).expect(204);
    expect(await countOf(ben)).toBe(1);
    expect((await listOf(ben)).map((n) => [n.id, n.isRead])).toEqual([
      [newest.id, true],
      [older.id, false],
    ]);

    await api().put(`/notifications/read-all`).set(asViewer('notifications', ben)).expect(204);
    expect(await countOf(ben)).toBe(0);
    expect((await listOf(ben)).every((n) => n.isRead)).toBe(true);
    await waitFor(() => announced.some((a) => a.userId === ben && a.count === 0));

    await api().put(`/notifications/${randomUUID()}/read`).set(asViewer('notifications', ben)).expect(404);
    await api().put('/notifications/not-an-id/read').set(asViewer('notifications', ben)).expect(400);
  });

  it('is for members only', async () => {
    await api().get('/notifications').set(asViewer('notifications', null)).expect(401);
    await api().get('/notifications/unread-count').set(asViewer('notifications', null)).expect(401);
    await api().put('/notifications/read-all').set(asViewer('notifications', null)).expect(401);
  });

  it('rebuilds a deleted counter from Postgres, on a read and on the next change', async () => {
    const ben = randomUUID();
    await deliver(like({ postAuthorId: ben }), like({ postAuthorId: ben }));
    await redis().del(unreadKey(ben));
    expect(await countOf(ben)).toBe(2);
    expect(await redis().get(unreadKey(ben))).toBe('2');

    await redis().del(unreadKey(ben));
    await deliver(like({ postAuthorId: ben }));
    expect(await redis().get(unreadKey(ben))).toBe('3');
    await waitFor(() => announced.some((a) => a.userId === ben && a.count === 3));
    expect(await countOf(ben)).toBe(await unreadInPostgres(ben));
  });

  it('names the member as they are called now, also when their profile arrived after the notification', async () => {
    const [ben, latecomer] = [randomUUID(), randomUUID()];
    await deliver(like({ postAuthorId: ben, likerId: latecomer }));
    expect((await listOf(ben))[0]!.message).toBe('Member liked your post');

    await deliver(fakeEvent('user.registered', { userId: latecomer, firstName: 'Lea', lastName: 'Late' }));
    expect((await listOf(ben))[0]).toMatchObject({
      message: 'Lea Late liked your post',
      fromUser: { firstName: 'Lea', lastName: 'Late' },
    });
  });

  it('announces each new notification on the bus (notification.created), once', async () => {
    const ben = randomUUID();
    const event = like({ postAuthorId: ben });
    await deliver(event, event);
    const [notification] = await listOf(ben);
    const published = (await outboxRows('notifications', 'notification.created')).filter(
      (row) => row.envelope.payload.userId === ben,
    );
    expect(published.map((row) => row.envelope.payload)).toEqual([
      { notificationId: notification!.id, userId: ben, type: 'like' },
    ]);
  });

  it('post.deleted removes the post’s notifications and their unread counts; a late like of it notifies nobody', async () => {
    const [ben, follower, liker] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(fakeEvent('user.followed', { followerId: follower, followeeId: ben }));
    const post = fakeEvent('post.created', { authorId: ben });
    const { postId } = post.payload;
    const other = like({ postAuthorId: ben });
    await deliver(post, like({ postId, postAuthorId: ben, likerId: liker }), other);
    await deliver(fakeEvent('comment.created', { postId, postAuthorId: ben }));
    const commentNotification = (await listOf(ben)).find((n) => n.type === 'comment')!;
    await api()
      .put(`/notifications/${commentNotification.id}/read`)
      .set(asViewer('notifications', ben))
      .expect(204);
    // Unread: the follow, and the two likes.
    expect(await countOf(ben)).toBe(3);
    expect(await countOf(follower)).toBe(1);

    await deliver(fakeEvent('post.deleted', { postId, authorId: ben }));
    expect((await listOf(ben)).map((n) => [n.type, n.postId])).toEqual([
      ['like', other.payload.postId],
      ['follow', null],
    ]);
    expect(await countOf(ben)).toBe(2);
    expect(await listOf(follower)).toEqual([]);
    expect(await countOf(follower)).toBe(0);

    await deliver(like({ postId, postAuthorId: ben, likerId: randomUUID() }));
    expect(await listOf(ben)).toHaveLength(2);
    expect(await countOf(ben)).toBe(2);
  });

  it('a count committed by a process killed before its Redis write is copied there when a process starts', async () => {
    const ben = randomUUID();
    await deliver(like({ postAuthorId: ben }));
    expect(await countOf(ben)).toBe(1);
    // What a killed worker leaves: its transaction committed (a notification, the counter's new
    // version), its after-commit Redis write never ran.
    await queryTestDatabase(
      `WITH n AS (
         INSERT INTO notifications.notifications (user_id, type, message, dedupe_key)
         VALUES ($1, 'other', 'You earned the First Light badge!', 'badge:test')
       )
       UPDATE notifications.unread_counters SET unread = unread + 1, version = version + 1, updated_at = now()
       WHERE user_id = $1`,
      [ben],
    );
    expect(await countOf(ben)).toBe(1);

    const restarted = await startNotifications({ consumes: false, keepSchema: true });
    try {
      await waitFor(async () => (await redis().get(unreadKey(ben))) === '2', {
        description: 'the restarted process to copy the counter to Redis',
      });
      expect(await countOf(ben)).toBe(await unreadInPostgres(ben));
    } finally {
      await restarted.app.close();
    }
  });
});
