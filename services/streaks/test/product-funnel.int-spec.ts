import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeEvent, queryTestDatabase, repoRoot, wallClock } from '@daybreak/testing';
import { streaksUnderTest } from './streaks-under-test';

/** ADR 0033: the funnel and streak lengths, and the Product dashboard's SQL over them. */
describe('streaks: product analytics funnel, streaks and dashboard (real Postgres and Kafka)', () => {
  const { consumed } = streaksUnderTest();
  const one = async <T>(sql: string, params: unknown[]): Promise<T | undefined> =>
    ((await queryTestDatabase(sql, params)) as T[])[0];

  it('keeps the funnel: sign-up, first post and first seven-day streak, each on its earliest day', async () => {
    const member = randomUUID();
    const journey = () =>
      one<Record<string, string | null>>(
        `SELECT to_char(signed_up_on, 'YYYY-MM-DD') AS signed_up, to_char(first_post_on, 'YYYY-MM-DD') AS first_post,
                to_char(first_week_streak_on, 'YYYY-MM-DD') AS week_streak
         FROM streaks.analytics_member_journeys WHERE user_id = $1`,
        [member],
      );

    await consumed(
      fakeEvent('user.registered', { userId: member }, { occurredAt: '2031-02-01T20:00:00.000Z' }),
    );
    await consumed(fakeEvent('post.created', { authorId: member, createdAt: '2031-02-03T04:10:00.000Z' }));
    await consumed(fakeEvent('post.created', { authorId: member, createdAt: '2031-02-02T04:10:00.000Z' }));
    await consumed(
      fakeEvent(
        'badge.earned',
        { userId: member, badgeId: 'spark' },
        { occurredAt: '2031-02-04T04:10:00.000Z' },
      ),
    );
    expect(await journey()).toEqual({ signed_up: '2031-02-01', first_post: '2031-02-02', week_streak: null });

    await consumed(
      fakeEvent(
        'badge.earned',
        { userId: member, badgeId: 'week-warrior' },
        { occurredAt: '2031-02-08T04:10:00.000Z' },
      ),
    );
    expect(await journey()).toEqual({
      signed_up: '2031-02-01',
      first_post: '2031-02-02',
      week_streak: '2031-02-08',
    });
  });

  it('shows the streaks alive today by length, and forgets a member who left', async () => {
    const zone = 'UTC';
    const member = randomUUID();
    const today = new Date();
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    const lengths = async () =>
      (await queryTestDatabase(`SELECT streak_days, members FROM streaks.analytics_streak_lengths`, [])) as {
        streak_days: number;
        members: number;
      }[];
    for (const n of [2, 1, 0])
      await consumed(
        fakeEvent('post.created', {
          authorId: member,
          createdAt: wallClock(`${daysAgo(n)} 05:00`, zone).toISOString(),
          timezone: zone,
          timeClassification: '5am',
        }),
      );

    expect(await lengths()).toContainEqual({ streak_days: 3, members: 1 });

    await consumed(fakeEvent('user.deleted', { userId: member }));
    expect(await lengths()).not.toContainEqual({ streak_days: 3, members: 1 });
    for (const table of ['analytics_active_members', 'analytics_member_journeys'])
      expect(await queryTestDatabase(`SELECT 1 FROM streaks.${table} WHERE user_id = $1`, [member])).toEqual(
        [],
      );
  });

  it("runs every panel's SQL of the Product dashboard over these tables, for a time range", async () => {
    const dashboard = JSON.parse(
      readFileSync(path.join(repoRoot(), 'deploy/grafana/dashboards/product.json'), 'utf8'),
    ) as { panels: { title: string; targets: { rawSql: string }[] }[] };
    const member = randomUUID();
    await consumed(
      fakeEvent('user.registered', { userId: member }, { occurredAt: '2031-03-01T20:00:00.000Z' }),
    );
    await consumed(fakeEvent('post.created', { authorId: member, createdAt: '2031-03-02T04:10:00.000Z' }));
    // Grafana's macros, as it expands them for the range 2031-03-01 to 2031-03-31.
    const expand = (sql: string) =>
      sql
        .replaceAll('$__timeFrom()', `'2031-03-01T00:00:00Z'::timestamptz`)
        .replaceAll('$__timeTo()', `'2031-03-31T23:59:59Z'::timestamptz`);

    const answers: Record<string, unknown[]> = {};
    for (const panel of dashboard.panels)
      for (const { rawSql } of panel.targets)
        answers[panel.title] = await queryTestDatabase(expand(rawSql), []);

    expect(answers['Daily active members']).toEqual([{ time: expect.any(Date), 'daily active members': 1 }]);
    expect(answers['Posts by local hour']).toEqual([{ 'local hour': '05:00', posts: 1 }]);
    expect(answers['Funnel: sign-up, first post, first 7-day streak']).toEqual([
      { 'signed up': '1', 'first post': '1', 'first 7-day streak': '0' },
    ]);
    expect(answers['5am and 6am share of posts']).toEqual([
      { time: expect.any(Date), '5am': '100.0', '6am': '0.0' },
    ]);
  });
});
