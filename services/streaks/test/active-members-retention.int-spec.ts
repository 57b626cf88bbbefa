import { randomUUID } from 'node:crypto';
import { queryTestDatabase, testDatabaseUrl } from '@daybreak/testing';
import { Client } from 'pg';
import { ActiveMembersRetention } from '../src/analytics/active-members-retention';
import { streaksUnderTest } from './streaks-under-test';

/** The UTC day `n` days before today, as the table's days are. */
const DAYS_AGO = `(now() AT TIME ZONE 'UTC')::date - $2::int`;

async function markActiveDaysAgo(userId: string, daysAgo: number[]): Promise<void> {
  for (const n of daysAgo)
    await queryTestDatabase(
      `INSERT INTO streaks.analytics_active_members (user_id, day) VALUES ($1, ${DAYS_AGO})`,
      [userId, n],
    );
}

async function activeDaysAgo(userId: string): Promise<number[]> {
  const rows = await queryTestDatabase<{ n: number }>(
    `SELECT ((now() AT TIME ZONE 'UTC')::date - day)::int AS n FROM streaks.analytics_active_members
     WHERE user_id = $1 ORDER BY day`,
    [userId],
  );
  return rows.map((row) => row.n);
}

/** ADR 0033: member-days are kept as long as the inbox (15 days here), then pruned in batches. */
describe('streaks: pruning analytics_active_members (real Postgres)', () => {
  const { service } = streaksUnderTest();
  const prune = () => service().app.get(ActiveMembersRetention).prune();

  it("deletes member-days older than the inbox's retention, batch after batch, and keeps the recent ones", async () => {
    const member = randomUUID();
    await markActiveDaysAgo(member, [40, 16, 15, 1, 0]);
    // More than one statement's batch of old days, for other members.
    const others = await queryTestDatabase<{ user_id: string }>(
      `INSERT INTO streaks.analytics_active_members (user_id, day)
       SELECT gen_random_uuid(), ${DAYS_AGO.replace('$2', '$1')} FROM generate_series(1, 5001)
       RETURNING user_id`,
      [20],
    );

    expect(await prune()).toBeGreaterThanOrEqual(2 + 5001);

    expect(await activeDaysAgo(member)).toEqual([15, 1, 0]);
    const [{ left }] = await queryTestDatabase<{ left: number }>(
      `SELECT count(*)::int AS left FROM streaks.analytics_active_members WHERE user_id = ANY($1::uuid[])`,
      [others.map((row) => row.user_id)],
    );
    expect(left).toBe(0);
  });

  it('leaves the work to the replica at it: a round that finds the turn taken deletes nothing', async () => {
    const member = randomUUID();
    await markActiveDaysAgo(member, [30, 2]);
    const otherReplica = new Client({ connectionString: testDatabaseUrl() });
    await otherReplica.connect();
    try {
      await otherReplica.query('BEGIN');
      await otherReplica.query(
        `SELECT pg_advisory_xact_lock(hashtext('streaks' || '.' || 'analytics-active-members-retention'))`,
      );
      expect(await prune()).toBeNull();
      expect(await activeDaysAgo(member)).toEqual([30, 2]);
      await otherReplica.query('ROLLBACK');
    } finally {
      await otherReplica.end();
    }

    await prune();
    expect(await activeDaysAgo(member)).toEqual([2]);
  });
});
