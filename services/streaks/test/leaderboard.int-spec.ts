import { randomUUID } from 'node:crypto';
import type { LeaderboardEntry } from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  waitFor,
  waitForConsumed,
  wallClock,
} from '@daybreak/testing';
import request from 'supertest';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { LeaderboardService } from '../src/leaderboard/leaderboard.service';
import { streaksUnderTest } from './streaks-under-test';

describe('streaks: the weekly leaderboard (real Postgres and Kafka)', () => {
  const { service } = streaksUnderTest();

  const register = (userId: string, profileName: string, timezone: string) =>
    publishTestEvent(fakeEvent('user.registered', { userId, profileName, timezone }));
  const post = (authorId: string, local: string, zone: string, timeClassification: '5am' | '6am') =>
    publishTestEvent(
      fakeEvent('post.created', {
        authorId,
        createdAt: wallClock(local, zone).toISOString(),
        timezone: zone,
        timeClassification,
      }),
    );
  const follow = (followerId: string, followeeId: string) =>
    publishTestEvent(fakeEvent('user.followed', { followerId, followeeId }));

  it('keeps the newest member snapshot: an older one arriving after it changes neither names nor zone', async () => {
    const ben = randomUUID();
    const snapshot = (profileName: string, timezone: string, occurredAt: string) =>
      fakeEvent('user.updated', { userId: ben, profileName, timezone }, { occurredAt });
    await publishTestEvent(snapshot('new', 'Asia/Tokyo', '2026-01-02T00:00:00.000Z'));
    await publishTestEvent(snapshot('old', 'Europe/Paris', '2026-01-01T00:00:00.000Z'));
    // Same key, so same partition: once the marker is consumed, everything before it was too.
    const marker = await publishTestEvent(snapshot('marker', 'UTC', '2025-01-01T00:00:00.000Z'));

    await waitForConsumed('streaks', marker.eventId);
    const [member] = await queryTestDatabase(
      `SELECT profile_name, timezone FROM streaks.members WHERE user_id = $1`,
      [ben],
    );
    expect(member).toEqual({ profile_name: 'new', timezone: 'Asia/Tokyo' });
  });

  it('ranks the viewer and the people they follow by 5am days, 6am days, then current streak', async () => {
    const [ana, ben, cara, dan] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const events = [
      await register(ana, 'ana', 'UTC'),
      await register(ben, 'ben', 'Asia/Tokyo'),
      await register(cara, 'cara', 'America/New_York'),
      await follow(ana, ben),
      await follow(ana, cara),
      // Ana: 6am Monday, 5am Tuesday and Wednesday: 2 × 5am, 1 × 6am, a 3-day streak.
      await post(ana, '2026-03-09 06:00', 'UTC', '6am'),
      await post(ana, '2026-03-10 05:00', 'UTC', '5am'),
      await post(ana, '2026-03-11 05:00', 'UTC', '5am'),
      // Ben, in Tokyo: 5am Monday to Wednesday (3 × 5am); last Sunday and next Monday do not count.
      await post(ben, '2026-03-08 05:00', 'Asia/Tokyo', '5am'),
      await post(ben, '2026-03-09 05:00', 'Asia/Tokyo', '5am'),
      await post(ben, '2026-03-10 05:00', 'Asia/Tokyo', '5am'),
      await post(ben, '2026-03-11 05:10', 'Asia/Tokyo', '5am'),
      await post(ben, '2026-03-11 06:10', 'Asia/Tokyo', '6am'), // same day: counts once, as 5am
      await post(ben, '2026-03-16 05:00', 'Asia/Tokyo', '5am'),
      // Cara, in New York: ties Ana this week (2 × 5am, 1 × 6am) on a longer streak from last week.
      ...[
        await post(cara, '2026-03-05 05:00', 'America/New_York', '5am'),
        await post(cara, '2026-03-06 05:00', 'America/New_York', '5am'),
        await post(cara, '2026-03-07 05:00', 'America/New_York', '5am'),
        await post(cara, '2026-03-08 05:00', 'America/New_York', '5am'),
        await post(cara, '2026-03-09 06:00', 'America/New_York', '6am'),
        await post(cara, '2026-03-10 05:00', 'America/New_York', '5am'),
        await post(cara, '2026-03-11 05:00', 'America/New_York', '5am'),
      ],
      // Dan is nobody Ana follows.
      await post(dan, '2026-03-10 05:00', 'UTC', '5am'),
    ];
    for (const event of events) await waitForConsumed('streaks', event.eventId);

    // Wednesday noon in London: 07:00 in New York, 21:00 in Tokyo.
    const board = await service().app.get(LeaderboardService).weekly(ana, new Date('2026-03-11T12:00:00Z'));

    expect(
      board.map((e) => [e.profileName, e.fiveAmDaysThisWeek, e.sixAmDaysThisWeek, e.currentStreak]),
    ).toEqual([
      ['ben', 3, 0, 4],
      ['cara', 2, 1, 7],
      ['ana', 2, 1, 3],
    ]);
    expect(board.map((e) => e.isCurrentUser)).toEqual([false, false, true]);
    expect(board[0].weeklyData.map((d) => `${d.dayName} ${d.date} ${d.activityType}`)).toEqual([
      'Mon 2026-03-09 5am',
      'Tue 2026-03-10 5am',
      'Wed 2026-03-11 5am',
      'Thu 2026-03-12 none',
      'Fri 2026-03-13 none',
      'Sat 2026-03-14 none',
      'Sun 2026-03-15 none',
    ]);

    await publishTestEvent(fakeEvent('user.unfollowed', { followerId: ana, followeeId: ben }));
    await waitFor(async () => {
      const { body } = await request(service().url)
        .get('/leaderboard/weekly')
        .set(asViewer('streaks', ana))
        .expect(200);
      return !body.some((e: LeaderboardEntry) => e.id === ben);
    });
  });

  it('is for members only', async () => {
    await request(service().url).get('/leaderboard/weekly').set(asViewer('streaks', null)).expect(401);
  });

  it('shows a viewer who follows nobody alone, with an empty week', async () => {
    const zoe = randomUUID();
    const { body } = await request(service().url)
      .get('/leaderboard/weekly')
      .set(asViewer('streaks', zoe))
      .expect(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ id: zoe, isCurrentUser: true, fiveAmDaysThisWeek: 0, currentStreak: 0 });
    expect(body[0].weeklyData).toHaveLength(7);
  });

  it('costs the same number of queries for 1 followed member as for 200 (and prints its p50)', async () => {
    /** A viewer following `count` members who each posted early every morning of the last three weeks. */
    async function viewerFollowing(count: number): Promise<string> {
      const viewer = randomUUID();
      // Test setup straight into the read models: 200 × 21 posts through Kafka would only slow it down.
      await queryTestDatabase(
        `WITH followees AS (SELECT gen_random_uuid() AS id FROM generate_series(1, $2::int)),
              f AS (INSERT INTO streaks.follows (follower_id, followee_id) SELECT $1, id FROM followees RETURNING followee_id)
         INSERT INTO streaks.early_posts (post_id, user_id, streak_day, local_day, classification, posted_at, timezone)
         SELECT gen_random_uuid(), f.followee_id, current_date - d - 1, current_date - d,
                CASE WHEN d % 2 = 0 THEN '5am' ELSE '6am' END, (current_date - d) + time '05:00', 'UTC'
         FROM f CROSS JOIN generate_series(0, 20) AS d`,
        [viewer, count],
      );
      return viewer;
    }
    const weekly = (viewer: string) =>
      request(service().url).get('/leaderboard/weekly').set(asViewer('streaks', viewer)).expect(200);
    const queriesFor = async (viewer: string) => {
      const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
      try {
        const { body } = await weekly(viewer);
        // The outbox relay polls in the background; only the leaderboard's own queries count.
        const queries = spy.mock.calls.filter(
          ([sql]) => !/outbox|processed_events|advisory|START TRANSACTION|COMMIT|ROLLBACK/i.test(String(sql)),
        ).length;
        return { queries, entries: body.length };
      } finally {
        spy.mockRestore();
      }
    };

    const one = await queriesFor(await viewerFollowing(1));
    const viewerOf200 = await viewerFollowing(200);
    const many = await queriesFor(viewerOf200);

    expect([one.entries, many.entries]).toEqual([2, 201]);
    expect(many.queries).toBe(one.queries);
    expect(many.queries).toBeLessThanOrEqual(4);

    // A figure for the notes, not an assertion: timings depend on the machine.
    const durations: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await weekly(viewerOf200);
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    console.log(
      `leaderboard, viewer following 200, streaks service direct: p50 ${durations[15].toFixed(1)} ms, ` +
        `p90 ${durations[27].toFixed(1)} ms (30 requests)`,
    );
  });
});
