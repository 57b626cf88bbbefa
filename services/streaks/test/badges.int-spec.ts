import { randomUUID } from 'node:crypto';
import { STREAK_TEST_POST_LIMIT, type EventPayload } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import {
  asViewer,
  fakeEvent,
  outboxRows,
  publishTestEvent,
  queryTestDatabase,
  waitFor,
  waitForConsumed,
  wallClock,
} from '@daybreak/testing';
import { PostActivityService } from '../src/badges/post-activity.service';
import { streaksUnderTest } from './streaks-under-test';

describe('streaks: badges, evaluate, tombstones and invites (real Postgres and Kafka)', () => {
  const { service, api } = streaksUnderTest();

  const ids = (badges: { id: string }[]) => badges.map((badge) => badge.id);
  const earnedBy = async (userId: string) =>
    (await api().get(`/users/${userId}/badges`).set(asViewer('streaks', null)).expect(200)).body;
  const earnedEvents = async (userId: string) =>
    (await outboxRows('streaks', 'badge.earned')).filter((row) => row.envelope.payload.userId === userId);

  const earlyPost = (authorId: string, local = '2026-03-10 05:00', zone = 'Europe/Paris') =>
    fakeEvent('post.created', {
      authorId,
      createdAt: wallClock(local, zone).toISOString(),
      timezone: zone,
      timeClassification: '5am',
      isEarlyMorning: true,
    }).payload;

  it('serves the catalogue: every category and requirement type, zero progress for a guest', async () => {
    const { body } = await api().get('/badges').set(asViewer('streaks', null)).expect(200);
    expect(body.length).toBeGreaterThanOrEqual(15);
    expect(new Set(body.map((b: { category: string }) => b.category)).size).toBe(4);
    expect(new Set(body.map((b: { requirementType: string }) => b.requirementType)).size).toBe(7);
    expect(body[0]).toMatchObject({
      id: 'first-light',
      icon: '🌅',
      emoji: '🌅',
      earnedAt: null,
      progress: 0,
    });
  });

  it('awards badges from post.created, with the post, and announces each once through the outbox', async () => {
    const ana = randomUUID();
    const post = earlyPost(ana);
    await publishTestEvent(fakeEvent('post.created', post));

    const earned = await waitFor(async () => {
      const badges = await earnedBy(ana);
      return badges.length > 0 ? badges : undefined;
    });
    expect(ids(earned)).toEqual(['first-light']);
    expect(earned[0].earnedAt).toBe(post.createdAt);
    const withPost = (
      await api().get(`/posts/${post.postId}/badges`).set(asViewer('streaks', null)).expect(200)
    ).body;
    expect(ids(withPost)).toEqual(['first-light']);
    expect((await earnedEvents(ana)).map((row) => row.envelope.payload)).toEqual([
      { userId: ana, badgeId: 'first-light', badgeName: 'First Light', postId: post.postId },
    ]);
  });

  it('dates badge.earned by its cause: the post that earned it, however late its event came', async () => {
    const dan = randomUUID();
    const post = earlyPost(dan, '2026-03-11 05:10');
    await publishTestEvent(fakeEvent('post.created', post));

    const [earned] = await waitFor(async () => {
      const events = await earnedEvents(dan);
      return events.length > 0 ? events : undefined;
    });

    expect(earned.envelope.occurredAt).toBe(post.createdAt);
  });

  describe('evaluate (the gateway’s synchronous call)', () => {
    const evaluate = (post: EventPayload<'post.created'>, viewer: string | null = post.authorId) =>
      api().post('/evaluations').set(asViewer('streaks', viewer)).send(post);

    it('records the post and answers its new badges and the next targets; repeating it changes nothing', async () => {
      const ben = randomUUID();
      const post = earlyPost(ben);

      const first = (await evaluate(post).expect(200)).body;
      const again = (await evaluate(post).expect(200)).body;

      expect(first.newBadges).toEqual([
        { id: 'first-light', name: 'First Light', emoji: '🌅', progress: 1, target: 1 },
      ]);
      expect(first.nextEligibleBadges).toHaveLength(3);
      expect(ids(first.nextEligibleBadges)).not.toContain('first-light');
      expect(again).toEqual(first);
      const stats = (await api().get(`/users/${ben}/stats`).set(asViewer('streaks', null)).expect(200)).body;
      expect(stats.fiveAmPostsCount).toBe(1);
      expect(await earnedEvents(ben)).toHaveLength(1);
    });

    it('makes the later post.created a no-op: no second record, no second badge.earned', async () => {
      const cara = randomUUID();
      const post = earlyPost(cara);
      await evaluate(post).expect(200);

      const event = await publishTestEvent(fakeEvent('post.created', post));
      await waitForConsumed('streaks', event.eventId);

      const stats = (await api().get(`/users/${cara}/stats`).set(asViewer('streaks', null)).expect(200)).body;
      expect(stats.fiveAmPostsCount).toBe(1);
      expect(await earnedEvents(cara)).toHaveLength(1);
      expect(ids(await earnedBy(cara))).toEqual(['first-light']);
    });

    it('is for the author only, and refuses a malformed post with a readable 400', async () => {
      const post = earlyPost(randomUUID());
      await evaluate(post, null).expect(401);
      await evaluate(post, randomUUID()).expect(403);
      const bad = await evaluate({ ...post, createdAt: 'yesterday' }).expect(400);
      expect(bad.body.message).toEqual(expect.any(String));
    });

    it('awards a streak badge on the third consecutive morning', async () => {
      const dana = randomUUID();
      const zone = 'America/New_York';
      await evaluate(earlyPost(dana, '2026-03-07 05:00', zone)).expect(200);
      await evaluate(earlyPost(dana, '2026-03-08 05:00', zone)).expect(200); // DST starts that night
      const third = (await evaluate(earlyPost(dana, '2026-03-09 05:00', zone)).expect(200)).body;
      expect(ids(third.newBadges)).toEqual(['spark']);
    });

    it("runs beside the consumer applying the same post after another of the member's, without a deadlock", async () => {
      // The gateway's call and post.created meet in production: the event follows the call by
      // milliseconds, in a batch that may hold the member's other posts.
      const activity = service().app.get(PostActivityService);
      const unitOfWork = service().app.get(UnitOfWork);
      for (let round = 0; round < 20; round++) {
        const fay = randomUUID();
        const earlier = earlyPost(fay, '2026-03-09 05:00');
        const post = earlyPost(fay, '2026-03-10 05:00');
        await Promise.all([
          unitOfWork.run(async (tx) => {
            await activity.apply(tx, earlier);
            await activity.apply(tx, post);
          }),
          activity.evaluate(post),
        ]);
        const stats = (await api().get(`/users/${fay}/stats`).set(asViewer('streaks', null)).expect(200))
          .body;
        expect(stats.fiveAmPostsCount).toBe(2);
        expect(ids(await earnedBy(fay))).toEqual(['first-light']);
      }
    });
  });

  it('never counts a post whose post.deleted was processed before its post.created (tombstone)', async () => {
    const eve = randomUUID();
    const post = earlyPost(eve);

    const deleted = await publishTestEvent(fakeEvent('post.deleted', { postId: post.postId, authorId: eve }));
    await waitForConsumed('streaks', deleted.eventId);
    const created = await publishTestEvent(fakeEvent('post.created', post));
    await waitForConsumed('streaks', created.eventId);

    const stats = (await api().get(`/users/${eve}/stats`).set(asViewer('streaks', null)).expect(200)).body;
    expect(stats.fiveAmPostsCount).toBe(0);
    expect(await earnedBy(eve)).toEqual([]);
    const rows = await queryTestDatabase(`SELECT 1 FROM streaks.post_days WHERE post_id = $1`, [post.postId]);
    expect(rows).toHaveLength(0);
  });

  it('keeps badges when their post is deleted, while the counters go back down', async () => {
    const finn = randomUUID();
    const post = earlyPost(finn);
    await api().post('/evaluations').set(asViewer('streaks', finn)).send(post).expect(200);

    const deleted = await publishTestEvent(
      fakeEvent('post.deleted', { postId: post.postId, authorId: finn }),
    );
    await waitForConsumed('streaks', deleted.eventId);

    expect(ids(await earnedBy(finn))).toEqual(['first-light']);
    const catalogue = (await api().get(`/badges?userId=${finn}`).set(asViewer('streaks', null)).expect(200))
      .body;
    expect(catalogue.find((b: { id: string }) => b.id === 'first-light')).toMatchObject({
      earnedAt: post.createdAt,
      progress: 1,
      target: 1,
    });
  });

  it('counts shared links and friends who joined toward the social badges, up to five of each', async () => {
    const gus = randomUUID();
    const link = (n: number) => `code-${n}-${gus}`;
    // A link made but never copied or shared is not an invite sent (ADR 0030).
    await publishTestEvent(fakeEvent('invite.created', { inviterId: gus, inviteCode: link(0) }));
    await publishTestEvent(fakeEvent('invite.shared', { inviterId: gus, inviteCode: link(1) }));
    await publishTestEvent(fakeEvent('invite.shared', { inviterId: gus, inviteCode: link(1) }));
    await publishTestEvent(
      fakeEvent('invite.accepted', { inviterId: gus, inviteCode: link(1), inviteeId: randomUUID() }),
    );

    const earned = await waitFor(async () => {
      const badges = await earnedBy(gus);
      return badges.length === 2 ? badges : undefined;
    });
    expect(ids(earned).sort()).toEqual(['town-crier', 'wake-up-call']);
    expect((await earnedEvents(gus)).every((row) => row.envelope.payload.postId === null)).toBe(true);

    // Four more links shared, four more friends on one of them: the five-badges follow.
    for (let n = 2; n <= 5; n++) {
      await publishTestEvent(fakeEvent('invite.shared', { inviterId: gus, inviteCode: link(n) }));
      await publishTestEvent(
        fakeEvent('invite.accepted', { inviterId: gus, inviteCode: link(5), inviteeId: randomUUID() }),
      );
    }
    const all = await waitFor(async () => {
      const badges = await earnedBy(gus);
      return badges.length === 4 ? badges : undefined;
    });
    expect(ids(all).sort()).toEqual(['pack-leader', 'recruiter', 'town-crier', 'wake-up-call']);
    const catalogue = (await api().get(`/badges?userId=${gus}`).set(asViewer('streaks', null)).expect(200))
      .body;
    expect(catalogue.find((b: { id: string }) => b.id === 'recruiter')).toMatchObject({
      progress: 5,
      target: 5,
    });
  });

  it('answers the streak test for a member, judged in the chosen zone', async () => {
    const hana = randomUUID();
    await publishTestEvent(
      fakeEvent('user.registered', {
        userId: hana,
        firstName: 'Hana',
        lastName: 'Hikari',
        timezone: 'Asia/Tokyo',
      }),
    );
    const post = earlyPost(hana, '2026-03-10 05:05', 'Asia/Tokyo');
    await api().post('/evaluations').set(asViewer('streaks', hana)).send(post).expect(200);
    await api()
      .get(`/users/${hana}/streak-test?timezone=Asia/Tokyo`)
      .set(asViewer('streaks', null))
      .expect(401);
    await api()
      .get(`/users/${hana}/streak-test?timezone=Mars/Base`)
      .set(asViewer('streaks', hana))
      .expect(400);

    const result = await waitFor(async () => {
      const { body } = await api()
        .get(`/users/${hana}/streak-test?timezone=Europe/London`)
        .set(asViewer('streaks', randomUUID()))
        .expect(200);
      return body.user.firstName ? body : undefined;
    });
    expect(result).toMatchObject({
      user: { id: hana, firstName: 'Hana', lastName: 'Hikari' },
      timezone: 'Europe/London',
      currentStats: { fiveAmPostsCount: 1, sixAmPostsCount: 0, longestStreak: 1 },
      // 05:05 in Tokyo is 20:05 the evening before in London.
      earlyPosts: [{ id: post.postId, date: '2026-03-09', localTime: '20:05', timeClassification: '5am' }],
    });
  });

  it('lists only the newest early posts on the streak test, with streaks and counts over all of them', async () => {
    const ida = randomUUID();
    const history = STREAK_TEST_POST_LIMIT + 50;
    // One 05:10 UTC post a morning for `history` mornings up to yesterday, written as the handler
    // would, straight into the table: as many events would only slow the test down.
    await queryTestDatabase(
      `INSERT INTO streaks.early_posts (post_id, user_id, streak_day, local_day, classification, posted_at, timezone)
       SELECT gen_random_uuid(), $1, d::date - 1, d::date, CASE WHEN n % 5 = 0 THEN '6am' ELSE '5am' END, d, 'UTC'
       FROM generate_series(1, $2::int) AS n,
            LATERAL (SELECT date_trunc('day', now()) - n * interval '1 day' + interval '5 hours 10 minutes' AS d) day`,
      [ida, history],
    );

    const { body } = await api()
      .get(`/users/${ida}/streak-test?timezone=UTC`)
      .set(asViewer('streaks', randomUUID()))
      .expect(200);
    expect(body.currentStats).toMatchObject({
      longestStreak: history,
      fiveAmPostsCount: history - history / 5,
      sixAmPostsCount: history / 5,
    });
    expect(body.earlyPosts).toHaveLength(STREAK_TEST_POST_LIMIT);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(body.earlyPosts[0]).toMatchObject({ date: yesterday, localTime: '05:10' });
    const dates = body.earlyPosts.map((post: { date: string }) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});
