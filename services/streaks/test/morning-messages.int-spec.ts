import { randomUUID } from 'node:crypto';
import {
  CalendarDate,
  EventPayload,
  EventType,
  addDays,
  localDateTime,
  toCalendarDate,
} from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  waitForConsumed,
  wallClock,
} from '@daybreak/testing';
import request from 'supertest';
import { weekAt } from '../src/leaderboard/domain/weekly-leaderboard';
import { MorningMessages } from '../src/morning/morning-messages.service';
import { MorningScheduler } from '../src/morning/morning-scheduler';
import { streaksUnderTest } from './streaks-under-test';

const ZONE = 'America/New_York';
const MINUTE_MS = 60_000;

/**
 * The streak nudge and the weekly recap (ADR 0028): who gets which message, published once through
 * the outbox, whatever the workers and their restarts; the scheduler runs on the test's clock.
 */
describe('streaks: morning messages (real Postgres and Kafka)', () => {
  const { service } = streaksUnderTest({ env: { MORNING_TICK_SECONDS: '0' } });
  let scheduler: MorningScheduler;

  beforeAll(() => {
    scheduler = service().app.get(MorningScheduler);
  });

  /** `count` members of New York, registered one after another (the test producer connects once). */
  async function members(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(await member());
    return ids;
  }

  async function member(): Promise<string> {
    const userId = randomUUID();
    const registered = fakeEvent('user.registered', { userId, timezone: ZONE });
    await waitForConsumed('streaks', (await publishTestEvent(registered)).eventId);
    return userId;
  }

  /** An early post at `local` (`YYYY-MM-DD HH:mm`) in New York, through the gateway's call. */
  async function postAt(authorId: string, local: string) {
    const payload = fakeEvent('post.created', {
      authorId,
      createdAt: wallClock(local, ZONE).toISOString(),
      timezone: ZONE,
      timeClassification: '5am',
      isEarlyMorning: true,
    }).payload;
    await request(service().url)
      .post('/evaluations')
      .set(asViewer('streaks', authorId))
      .send(payload)
      .expect(200);
  }

  const mornings = (userId: string, dates: CalendarDate[]) =>
    Promise.all(dates.map((date) => postAt(userId, `${date} 05:00`)));

  /** Makes the member's message of `kind` due at `dueAt` (as if scheduled then). */
  const dueAt = (userId: string, kind: string, at: Date) =>
    queryTestDatabase(`UPDATE streaks.morning_schedule SET due_at = $3 WHERE user_id = $1 AND kind = $2`, [
      userId,
      kind,
      at,
    ]);

  async function published<T extends EventType>(type: T, userId: string): Promise<EventPayload<T>[]> {
    const rows = await queryTestDatabase<{ payload: EventPayload<T> }>(
      `SELECT envelope->'payload' AS payload FROM streaks.outbox WHERE topic LIKE $1 AND message_key = $2`,
      [`%${type}.v1`, userId],
    );
    return rows.map((row) => row.payload);
  }

  /** A morning three days ago, in New York: its 06:10 is when the nudge is due. */
  const day = addDays(toCalendarDate(localDateTime(new Date(), ZONE)), -3);
  const nudgeDue = wallClock(`${day} 06:10`, ZONE);
  const before = (n: number) => addDays(day, -n);

  it('nudges a streak of 3 or more with no early post yet, not a streak of 2, one already posted, or one a freeze keeps', async () => {
    const [three, two, posted, freezeHeld, afterFreeze] = await members(5);
    await mornings(three, [before(3), before(2), before(1)]);
    await mornings(two, [before(2), before(1)]);
    await mornings(posted, [before(3), before(2), before(1), day]);
    // 8 mornings: the seventh earned a freeze, held now: 06:30 will not end the streak.
    await mornings(freezeHeld, [8, 7, 6, 5, 4, 3, 2, 1].map(before));
    // 7 mornings, a missed one (frozen: none held now), then one more: a streak of 8 at risk.
    await mornings(afterFreeze, [9, 8, 7, 6, 5, 4, 3, 1].map(before));
    const everyone = [three, two, posted, freezeHeld, afterFreeze];
    for (const userId of everyone) await dueAt(userId, 'streak-nudge', nudgeDue);

    await scheduler.runDue(new Date(nudgeDue.getTime() + MINUTE_MS));

    const endsAt = wallClock(`${day} 06:30`, ZONE).toISOString();
    const streakDay = before(1);
    expect(await published('streak.at-risk', three)).toEqual([
      { userId: three, streakLength: 3, streakDay, endsAt },
    ]);
    expect(await published('streak.at-risk', afterFreeze)).toEqual([
      { userId: afterFreeze, streakLength: 8, streakDay, endsAt },
    ]);
    for (const userId of [two, posted, freezeHeld])
      expect(await published('streak.at-risk', userId)).toEqual([]);
    // Each one's next nudge is the next morning's 06:10.
    const next = await queryTestDatabase<{ dueAt: Date }>(
      `SELECT due_at AS "dueAt" FROM streaks.morning_schedule WHERE user_id = ANY($1) AND kind = 'streak-nudge'`,
      [everyone],
    );
    expect(next.map((row) => row.dueAt.toISOString())).toEqual(
      everyone.map(() => wallClock(`${addDays(day, 1)} 06:10`, ZONE).toISOString()),
    );
  });

  it('publishes once with two workers at the same minute, and once after a worker died mid-batch', async () => {
    const [ida, jon] = await members(2);
    for (const userId of [ida, jon]) {
      await mornings(userId, [before(3), before(2), before(1)]);
      await dueAt(userId, 'streak-nudge', nudgeDue);
    }
    // The first worker dies while handling a batch: nothing of it commits.
    const messages = service().app.get(MorningMessages);
    jest.spyOn(messages, 'publishDue').mockRejectedValueOnce(new Error('worker killed'));
    await expect(scheduler.runDue(new Date(nudgeDue.getTime() + MINUTE_MS))).rejects.toThrow('worker killed');
    jest.restoreAllMocks();
    expect(await published('streak.at-risk', ida)).toEqual([]);

    const now = new Date(nudgeDue.getTime() + 2 * MINUTE_MS);
    await Promise.all([scheduler.runDue(now), scheduler.runDue(now)]);
    expect(await published('streak.at-risk', ida)).toHaveLength(1);
    expect(await published('streak.at-risk', jon)).toHaveLength(1);
  });

  it('drops a nudge more than 15 minutes late, and schedules the next', async () => {
    const kim = await member();
    await mornings(kim, [before(3), before(2), before(1)]);
    await dueAt(kim, 'streak-nudge', nudgeDue);

    const run = await scheduler.runDue(new Date(nudgeDue.getTime() + 16 * MINUTE_MS));

    expect(run.dropped).toBeGreaterThanOrEqual(1);
    expect(await published('streak.at-risk', kim)).toEqual([]);
    const [row] = await queryTestDatabase<{ dueAt: Date }>(
      `SELECT due_at AS "dueAt" FROM streaks.morning_schedule WHERE user_id = $1 AND kind = 'streak-nudge'`,
      [kim],
    );
    expect(row.dueAt.toISOString()).toBe(wallClock(`${addDays(day, 1)} 06:10`, ZONE).toISOString());
  });

  it('recaps the week just closed on Monday 07:00: early mornings and rank among the people followed; nothing for a week without one', async () => {
    const [lea, max, ned] = await members(3);
    const followed = fakeEvent('user.followed', { followerId: lea, followeeId: max });
    await waitForConsumed('streaks', (await publishTestEvent(followed)).eventId);
    const monday = addDays(weekAt(new Date(), ZONE)[0], -7);
    const lastWeek = (offsets: number[]) => offsets.map((offset) => addDays(monday, offset - 7));
    await mornings(lea, lastWeek([0, 2, 4]));
    await mornings(max, lastWeek([0, 1, 2, 3, 4]));
    const recapDue = wallClock(`${monday} 07:00`, ZONE);
    for (const userId of [lea, ned]) await dueAt(userId, 'weekly-recap', recapDue);

    await scheduler.runDue(new Date(recapDue.getTime() + MINUTE_MS));

    expect(await published('leaderboard.week-closed', lea)).toEqual([
      { userId: lea, earlyMornings: 3, rank: 2, boardSize: 2, weekStart: addDays(monday, -7) },
    ]);
    expect(await published('leaderboard.week-closed', ned)).toEqual([]);
  });
});
