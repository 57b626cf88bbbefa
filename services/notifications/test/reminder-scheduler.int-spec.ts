import { randomUUID } from 'node:crypto';
import {
  DEFAULT_REMINDER_SETTINGS,
  WAKE_UP_REMINDER_MESSAGE,
  type AppNotification,
} from '@daybreak/contracts';
import { RunningService } from '@daybreak/messaging';
import { asViewer, queryTestDatabase, serviceUnderTest, wallClock } from '@daybreak/testing';
import request from 'supertest';
import { ReminderClock } from '../src/reminders/reminder-clock';
import { ReminderScheduler } from '../src/reminders/reminder-scheduler';
import { pushed, startNotifications } from './notifications-app';

const PARIS = 'Europe/Paris';
const BATCH = 20;
/** Reminders are sent by hand here (drain), each worker with its own stopped clock. */
const WORKER_ENV = { REMINDER_POLL_MS: '0', REMINDER_BATCH_SIZE: String(BATCH) };

/** A notifications worker whose clock the test sets. */
class Worker {
  private instant = new Date(0);
  constructor(readonly service: RunningService) {
    jest.spyOn(service.app.get(ReminderClock), 'now').mockImplementation(() => this.instant);
  }
  at(local: string, zone = PARIS): this {
    this.instant = wallClock(local, zone);
    return this;
  }
  plus(ms: number): this {
    this.instant = new Date(this.instant.getTime() + ms);
    return this;
  }
  drain() {
    return this.service.app.get(ReminderScheduler).drain();
  }
}

describe('the reminder scheduler: exactly once, on time, with two workers (real Postgres)', () => {
  // The second worker is a second process on the first one's schema.
  const workers = [
    serviceUnderTest(() => startNotifications({ consumes: false, env: WORKER_ENV })),
    serviceUnderTest(() => startNotifications({ consumes: false, keepSchema: true, env: WORKER_ENV })),
  ];
  let one: Worker;
  let two: Worker;

  beforeAll(() => {
    [one, two] = workers.map((worker) => new Worker(worker()));
  });
  // Each test counts what the workers claim: no test's members stay due for the next one.
  afterEach(() => queryTestDatabase(`UPDATE notifications.reminder_schedules SET next_due_at = NULL`));

  /** Members in Paris with the reminder on at `time`, saved while the clock shows `savedAt`. */
  const membersAt = async (count: number, time: string, savedAt: string): Promise<string[]> => {
    const ids = Array.from({ length: count }, () => randomUUID());
    await queryTestDatabase(
      `INSERT INTO notifications.member_zones (user_id, stored_zone, stored_at)
       SELECT id, $2, now() FROM unnest($1::uuid[]) AS id`,
      [ids, PARIS],
    );
    one.at(savedAt);
    for (const id of ids)
      await request(one.service.url)
        .put('/reminders')
        .set(asViewer('notifications', id))
        .send({ ...DEFAULT_REMINDER_SETTINGS, enabled: true, time })
        .expect(200);
    return ids;
  };
  const remindersOf = async (ids: string[]) =>
    queryTestDatabase<{ userId: string; day: string }>(
      `SELECT user_id AS "userId", split_part(dedupe_key, ':', 2) AS day FROM notifications.notifications
       WHERE user_id = ANY($1::uuid[]) AND dedupe_key LIKE 'reminder:%' ORDER BY day`,
      [ids],
    );
  const nextDueOf = async (id: string) =>
    (
      await queryTestDatabase<{ next: Date }>(
        `SELECT next_due_at AS next FROM notifications.reminder_schedules WHERE user_id = $1`,
        [id],
      )
    )[0].next;

  it('sends nothing before the minute; at it, the notification, its unread count and a push to /create-post', async () => {
    const [ana] = await membersAt(1, '04:50', '2027-01-04 20:00');
    expect((await one.at('2027-01-05 04:49').drain()).sent).toBe(0);
    expect(await remindersOf([ana])).toEqual([]);

    expect(await one.at('2027-01-05 04:50').plus(700).drain()).toMatchObject({ sent: 1, dropped: 0 });
    const list: AppNotification[] = (
      await request(one.service.url).get('/notifications').set(asViewer('notifications', ana)).expect(200)
    ).body;
    expect(list).toMatchObject([{ type: 'other', kind: 'reminder', message: WAKE_UP_REMINDER_MESSAGE }]);
    const unread = await request(one.service.url)
      .get('/notifications/unread-count')
      .set(asViewer('notifications', ana));
    expect(unread.body).toEqual({ count: 1 });
    expect(pushed.filter((push) => push.userId === ana)).toEqual([
      { userId: ana, message: { title: 'Daybreak', body: WAKE_UP_REMINDER_MESSAGE, url: '/create-post' } },
    ]);
    expect(await nextDueOf(ana)).toEqual(wallClock('2027-01-06 04:50', PARIS));
  });

  it('two workers draining the same minute send each member exactly one, and a restart later that minute none more', async () => {
    const members = await membersAt(150, '05:00', '2027-01-05 20:00');
    const [first, second] = await Promise.all([
      one.at('2027-01-06 05:00').drain(),
      two.at('2027-01-06 05:00').drain(),
    ]);
    expect(first.sent + second.sent).toBe(150);
    expect(first.sent).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    // A worker restarted 30 s later, and both again: nothing is due any more.
    const again = await Promise.all([
      one.at('2027-01-06 05:00').plus(30_000).drain(),
      two.at('2027-01-06 05:00').plus(30_000).drain(),
    ]);
    expect(again.map((outcome) => outcome.claimed)).toEqual([0, 0]);
    const sent = await remindersOf(members);
    expect(sent).toHaveLength(150);
    expect(new Set(sent.map((row) => row.userId)).size).toBe(150);
    expect(new Set(sent.map((row) => row.day))).toEqual(new Set(['2027-01-06']));
  });

  it('more than 15 minutes late is dropped, not sent; the next one is computed', async () => {
    const [late, justInTime] = await membersAt(2, '05:10', '2027-01-06 20:00');
    await queryTestDatabase(
      `UPDATE notifications.reminder_schedules SET next_due_at = next_due_at + interval '1 minute'
       WHERE user_id = $1`,
      [justInTime],
    );
    // 05:26: the one due at 05:10 is 16 minutes late, the one due at 05:11 is 15.
    expect(await one.at('2027-01-07 05:26').drain()).toEqual({ claimed: 2, sent: 1, dropped: 1 });
    expect((await remindersOf([late, justInTime])).map((row) => row.userId)).toEqual([justInTime]);
    expect(await nextDueOf(late)).toEqual(wallClock('2027-01-08 05:10', PARIS));
  });

  it('a change of time after the day’s reminder brings no second one that day', async () => {
    const [ana] = await membersAt(1, '05:20', '2027-01-07 20:00');
    await one.at('2027-01-08 05:20').drain();
    await request(one.service.url)
      .put('/reminders')
      .set(asViewer('notifications', ana))
      .send({ ...DEFAULT_REMINDER_SETTINGS, enabled: true, time: '09:00' })
      .expect(200);
    expect(await nextDueOf(ana)).toEqual(wallClock('2027-01-09 09:00', PARIS));
  });
});
