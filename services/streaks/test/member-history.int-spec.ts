import { randomUUID } from 'node:crypto';
import type { Badge, EventType, Statistics, TimeClassification } from '@daybreak/contracts';
import { EventOf } from '@daybreak/messaging';
import { asViewer, fakeEvent, publishTestEvent, queryTestDatabase, waitForConsumed } from '@daybreak/testing';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { BadgeCounters } from '../src/badges/domain/badge-rules';
import { activityCalendar, streakDayOf } from '../src/streaks/domain/streak-rules';
import { walkStreak } from '../src/streaks/domain/streak-freeze';
import { streaksUnderTest } from './streaks-under-test';

const DAY_MS = 86_400_000;

/**
 * The statistics and badges read the member's aggregates (member_stats, streak_runs), which the
 * handlers keep: the answers must stay exactly what the whole history gives, and the rows a request
 * reads must not grow with that history.
 */
describe('streaks: statistics and badges from aggregates (real Postgres and Kafka)', () => {
  const { service, api } = streaksUnderTest();

  const stats = async (userId: string): Promise<Statistics> =>
    (await api().get(`/users/${userId}/stats?timezone=UTC`).set(asViewer('streaks', null)).expect(200)).body;
  const catalogue = async (userId: string): Promise<Badge[]> =>
    (await api().get(`/badges?userId=${userId}`).set(asViewer('streaks', null)).expect(200)).body;

  /** A post `daysAgo` days before now, in UTC, recorded through the gateway's call. */
  async function post(authorId: string, daysAgo: number, timeClassification: TimeClassification = '5am') {
    const payload = fakeEvent('post.created', {
      authorId,
      createdAt: new Date(Date.now() - daysAgo * DAY_MS - 60_000).toISOString(),
      timezone: 'UTC',
      timeClassification,
      isEarlyMorning: timeClassification !== 'none',
    }).payload;
    await api().post('/evaluations').set(asViewer('streaks', authorId)).send(payload).expect(200);
    return payload.postId;
  }

  async function consumed<T extends EventType>(event: EventOf<T>) {
    await waitForConsumed('streaks', (await publishTestEvent(event)).eventId);
  }

  /** What the answers were before aggregates: computed from every row of the member's history. */
  async function fromWholeHistory(userId: string) {
    const posts = await queryTestDatabase<{
      streakDay: string;
      localDay: string;
      classification: '5am' | '6am';
    }>(
      `SELECT to_char(streak_day, 'YYYY-MM-DD') AS "streakDay", to_char(local_day, 'YYYY-MM-DD') AS "localDay",
              classification
       FROM streaks.early_posts WHERE user_id = $1`,
      [userId],
    );
    const postDays = await queryTestDatabase<{ day: string }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM streaks.post_days WHERE user_id = $1`,
      [userId],
    );
    const [invites] = await queryTestDatabase<{ sent: string; accepted: string }>(
      `SELECT (SELECT count(*) FROM streaks.invites_sent WHERE inviter_id = $1) AS sent,
              (SELECT count(*) FROM streaks.invites_accepted WHERE inviter_id = $1) AS accepted`,
      [userId],
    );
    const currentPeriod = streakDayOf(new Date(), 'UTC');
    const streak = walkStreak(
      posts.map((p) => p.streakDay),
      currentPeriod,
    );
    const statistics: Statistics = {
      fiveAmPostsCount: posts.filter((p) => p.classification === '5am').length,
      sixAmPostsCount: posts.filter((p) => p.classification === '6am').length,
      currentStreak: streak.currentStreak,
      longestStreak: streak.longestStreak,
      freezesHeld: streak.freezesHeld,
      last30DaysActivity: activityCalendar(
        posts.map((p) => ({ day: p.streakDay, classification: p.classification })),
        postDays.map((d) => d.day),
        currentPeriod,
        30,
        streak.frozenDays,
      ),
    };
    const earlyDays = new Set(posts.map((p) => p.localDay));
    const fiveAmDays = new Set(posts.filter((p) => p.classification === '5am').map((p) => p.localDay));
    const counters: BadgeCounters = {
      '5am_posts': statistics.fiveAmPostsCount,
      '6am_posts': statistics.sixAmPostsCount,
      '5am_days': fiveAmDays.size,
      '6am_days': earlyDays.size - fiveAmDays.size,
      streak: statistics.longestStreak,
      invites_sent: Number(invites.sent),
      successful_invites: Number(invites.accepted),
    };
    return { statistics, counters };
  }

  /** The streak test's figures in `zone`, from every early post's instant. */
  async function streakTestFromWholeHistory(userId: string, zone: string) {
    const posts = await queryTestDatabase<{ postedAt: Date; classification: string }>(
      `SELECT posted_at AS "postedAt", classification FROM streaks.early_posts WHERE user_id = $1`,
      [userId],
    );
    const { frozenDays: _frozenDays, ...streak } = walkStreak(
      posts.map((p) => streakDayOf(p.postedAt, zone)),
      streakDayOf(new Date(), zone),
    );
    return {
      ...streak,
      fiveAmPostsCount: posts.filter((p) => p.classification === '5am').length,
      sixAmPostsCount: posts.filter((p) => p.classification === '6am').length,
    };
  }

  async function expectExactlyTheWholeHistory(userId: string) {
    const { statistics, counters } = await fromWholeHistory(userId);
    expect(await stats(userId)).toEqual(statistics);
    for (const zone of ['UTC', 'Asia/Kathmandu', 'America/St_Johns']) {
      const { body } = await api()
        .get(`/users/${userId}/streak-test?timezone=${zone}`)
        .set(asViewer('streaks', randomUUID()))
        .expect(200);
      expect({ zone, ...body.currentStats }).toEqual({
        zone,
        ...(await streakTestFromWholeHistory(userId, zone)),
      });
    }
    for (const badge of await catalogue(userId)) {
      const value = counters[badge.requirementType];
      expect({ badge: badge.id, progress: badge.progress }).toEqual({
        badge: badge.id,
        progress: badge.earnedAt ? badge.target : Math.min(value, badge.target),
      });
      // What is reached is awarded: a badge is earned exactly when its counter got there once.
      if (value >= badge.target)
        expect({ badge: badge.id, earned: badge.earnedAt !== null }).toEqual({
          badge: badge.id,
          earned: true,
        });
    }
  }

  it('answers exactly what the whole history gives after posts, deletions and invites (the streak test in any zone too)', async () => {
    const kim = randomUUID();
    await expectExactlyTheWholeHistory(kim);

    const [, yesterday] = [await post(kim, 0), await post(kim, 1, '6am')];
    await post(kim, 2);
    await post(kim, 2, '6am');
    await post(kim, 3, 'none');
    await post(kim, 5);
    for (let daysAgo = 40; daysAgo < 47; daysAgo++) await post(kim, daysAgo);
    await expectExactlyTheWholeHistory(kim);

    // A deleted post splits the current run: today's streak drops, the longest stays.
    await consumed(fakeEvent('post.deleted', { postId: yesterday, authorId: kim }));
    await expectExactlyTheWholeHistory(kim);

    await consumed(fakeEvent('invite.shared', { inviterId: kim, inviteCode: `code-${kim}` }));
    await consumed(
      fakeEvent('invite.accepted', { inviterId: kim, inviteCode: `code-${kim}`, inviteeId: randomUUID() }),
    );
    await expectExactlyTheWholeHistory(kim);

    // Yesterday again: the run joins up.
    await post(kim, 1);
    await expectExactlyTheWholeHistory(kim);
  });

  it('answers exactly what the whole history gives with freezes earned, used, spent in vain and undone', async () => {
    const lea = randomUUID();
    // 7 mornings (a freeze), one missed (frozen), 3 more, one missed with none held (the streak ends)...
    for (const daysAgo of [28, 27, 26, 25, 24, 23, 22, 20, 19, 18]) await post(lea, daysAgo);
    await expectExactlyTheWholeHistory(lea);
    // ...then 14 mornings (two freezes) up to three days ago: two missed periods are frozen by now.
    for (let daysAgo = 16; daysAgo >= 3; daysAgo--) await post(lea, daysAgo, daysAgo % 2 ? '5am' : '6am');
    await expectExactlyTheWholeHistory(lea);
    const now = await stats(lea);
    expect(now).toMatchObject({ currentStreak: 14, longestStreak: 14, freezesHeld: 0 });
    const frozen = now.last30DaysActivity.filter((day) => day.activityType === 'frozen');
    expect(frozen.map((day) => day.date)).toEqual(
      [21, 2, 1].map((daysAgo) => streakDayOf(new Date(Date.now() - daysAgo * DAY_MS - 60_000), 'UTC')),
    );
    // A post on a frozen period gives its freeze back; deleting one inside the first week undoes it.
    await post(lea, 2);
    await expectExactlyTheWholeHistory(lea);
    const [deleted] = await queryTestDatabase<{ postId: string }>(
      `SELECT post_id AS "postId" FROM streaks.early_posts WHERE user_id = $1 ORDER BY posted_at LIMIT 1 OFFSET 3`,
      [lea],
    );
    await consumed(fakeEvent('post.deleted', { postId: deleted.postId, authorId: lea }));
    await expectExactlyTheWholeHistory(lea);
  });

  /**
   * Rows one request read about a member: each read it sent to Postgres with the member's id (the
   * consumers may be at work meanwhile, for other members), run again under EXPLAIN ANALYZE, summing
   * the rows every table scan returned (rows × loops; those a scan's filter removed are other
   * members' and left out; a bitmap's index pass is not counted apart from its table pass).
   */
  async function rowsRead(
    path: string,
    userId: string,
    viewerId: string | null = null,
  ): Promise<{ statement: string; rows: number }[]> {
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      await api().get(path).set(asViewer('streaks', viewerId)).expect(200);
      const statements = spy.mock.calls.filter(
        ([sql, parameters]) =>
          /^\s*(SELECT|WITH)\b/i.test(sql) &&
          !/\b(INSERT|UPDATE|DELETE)\b/i.test(sql) &&
          [parameters ?? []].flat(2).includes(userId),
      );
      spy.mockRestore();
      const read: { statement: string; rows: number }[] = [];
      const dataSource = service().app.get(DataSource);
      // Per-member index paths only: on tables this small the planner may scan a whole table, or a
      // day range for everyone, and join after (or not, depending on when autovacuum last analyzed
      // them), and the rows read would then follow other tests' members, not this member's history.
      await dataSource.transaction(async (manager) => {
        for (const path of ['seqscan', 'hashjoin', 'mergejoin']) {
          await manager.query(`SET LOCAL enable_${path} = off`);
        }
        for (const [sql, parameters] of statements) {
          const [{ 'QUERY PLAN': plans }] = await manager.query(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
            parameters,
          );
          read.push({ statement: sql.replace(/\s+/g, ' ').slice(0, 80), rows: tableRows(plans[0].Plan) });
        }
      });
      return read;
    } finally {
      spy.mockRestore();
    }
  }

  interface PlanNode {
    'Node Type': string;
    'Actual Rows': number;
    'Actual Loops': number;
    Plans?: PlanNode[];
  }
  const TABLE_SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);
  const tableRows = (node: PlanNode): number =>
    (TABLE_SCANS.has(node['Node Type']) ? node['Actual Rows'] * node['Actual Loops'] : 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + tableRows(child), 0);

  it('reads the same rows for statistics, badges and the leaderboard when a history grows from six weeks to a year', async () => {
    const [ida, viewer] = [randomUUID(), randomUUID()];
    const mornings = async (from: number, to: number) => {
      for (let daysAgo = from; daysAgo < to; daysAgo++) await post(ida, daysAgo);
    };
    await consumed(fakeEvent('user.followed', { followerId: viewer, followeeId: ida }));
    const badgeCount = (await catalogue(ida)).length;
    const readsOf = async () => ({
      stats: await rowsRead(`/users/${ida}/stats`, ida),
      badges: await rowsRead(`/badges?userId=${ida}`, ida),
      leaderboard: await rowsRead('/leaderboard/weekly', viewer, viewer),
    });
    const total = (read: { rows: number }[]) => read.reduce((sum, statement) => sum + statement.rows, 0);

    await mornings(0, 42);
    const sixWeeks = await readsOf();
    await mornings(42, 365);
    await service().app.get(DataSource).query('ANALYZE');
    const aYear = await readsOf();

    // The same statements, and about the same rows: not 'the same' exactly, because the planner
    // may read these small tables another way once autovacuum has analyzed them, and EXPLAIN rounds
    // a loop's rows per loop. A read that followed the history would read hundreds more.
    const addedDays = 365 - 42;
    for (const request of ['stats', 'leaderboard'] as const) {
      expect(aYear[request].map((read) => read.statement)).toEqual(
        sixWeeks[request].map((read) => read.statement),
      );
      expect(total(aYear[request]) - total(sixWeeks[request])).toBeLessThan(addedDays / 10);
    }
    // The badges read the member's earned ones too: a year earns more, never more than the catalogue.
    expect(total(aYear.badges)).toBeLessThanOrEqual(total(sixWeeks.badges) + badgeCount);
  });
});
