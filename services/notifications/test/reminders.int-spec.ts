import { randomUUID } from 'node:crypto';
import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@daybreak/contracts';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  waitFor,
  wallClock,
} from '@daybreak/testing';
import { DataSource } from 'typeorm';
import { ReminderClock } from '../src/reminders/reminder-clock';
import { nudgePreferencesOf } from '../src/reminders/reminder-schedules.queries';
import { notificationsUnderTest } from './notifications-under-test';

const ON: ReminderSettings = { ...DEFAULT_REMINDER_SETTINGS, enabled: true };

describe('reminder settings: GET/PUT /reminders and the zone they follow (real Postgres, Kafka)', () => {
  const { service, api } = notificationsUnderTest({ env: { REMINDER_POLL_MS: '0' } });
  /** The service's clock, stopped here: 28 November 2026, 10:00 UTC (a Saturday). */
  const now = new Date('2026-11-28T10:00:00Z');

  beforeAll(() => {
    jest.spyOn(service().app.get(ReminderClock), 'now').mockImplementation(() => now);
  });
  const put = (userId: string, body: unknown) =>
    api()
      .put('/reminders')
      .set(asViewer('notifications', userId))
      .send(body as object);
  const nextDueOf = async (userId: string): Promise<Date | null> =>
    (
      await queryTestDatabase<{ next: Date | null }>(
        `SELECT next_due_at AS next FROM notifications.reminder_schedules WHERE user_id = $1`,
        [userId],
      )
    )[0]?.next ?? null;
  const memberIn = async (timezone: string | null) => {
    const event = fakeEvent('user.registered', { timezone });
    await publishTestEvent(event);
    await waitFor(async () => (await zoneRowOf(event.payload.userId)) === timezone);
    return event.payload.userId;
  };
  const zoneRowOf = async (userId: string) =>
    (
      await queryTestDatabase<{ zone: string | null }>(
        `SELECT coalesce(stored_zone, post_zone) AS zone FROM notifications.member_zones WHERE user_id = $1`,
        [userId],
      )
    )[0]?.zone;

  it('gives the defaults to a member who never chose, and 401 to a guest', async () => {
    const body = (await api().get('/reminders').set(asViewer('notifications', randomUUID())).expect(200))
      .body;
    expect(body).toEqual({
      enabled: false,
      time: '04:50',
      days: [1, 2, 3, 4, 5, 6, 7],
      streakNudge: true,
      weeklyRecap: true,
    });
    await api().get('/reminders').set(asViewer('notifications', null)).expect(401);
    await api().put('/reminders').set(asViewer('notifications', null)).send(ON).expect(401);
  });

  it('saves what the member chose and gives it back (days in order)', async () => {
    const ana = randomUUID();
    const chosen = { enabled: true, time: '06:05', days: [5, 1, 3], streakNudge: false, weeklyRecap: true };
    const saved = { ...chosen, days: [1, 3, 5] };
    expect((await put(ana, chosen).expect(200)).body).toEqual(saved);
    expect((await api().get('/reminders').set(asViewer('notifications', ana)).expect(200)).body).toEqual(
      saved,
    );
    // What the streak nudge and the weekly recap ask, by member: one who never chose has the defaults.
    const preferences = await nudgePreferencesOf(service().app.get(DataSource).manager, [ana, randomUUID()]);
    expect([...preferences]).toEqual([[ana, { streakNudge: false, weeklyRecap: true }]]);
  });

  it.each([
    [{ ...ON, time: '25:00' }, 'time must be a time of day as HH:MM'],
    [{ ...ON, time: '4:50' }, 'time must be a time of day as HH:MM'],
    [{ ...ON, days: [] }, 'Choose at least one day of the week'],
    [{ ...ON, days: [0, 1] }, 'days'],
    [{ ...ON, days: [8] }, 'days'],
    [{ ...ON, days: [1, 1] }, 'days must name each day of the week at most once'],
    [{ ...ON, days: 'mon' }, 'days must be a list of days of the week'],
    [{ ...ON, enabled: 'yes' }, 'enabled must be true or false'],
    [{ enabled: true }, 'time is required'],
    [{ ...ON, extra: 1 }, 'extra'],
  ])('refuses %j with 400 and a message', async (body, message) => {
    const answer = await put(randomUUID(), body).expect(400);
    expect(JSON.stringify(answer.body)).toContain(message);
  });

  it('schedules the next reminder at the chosen minute in the member’s stored zone, and none while off', async () => {
    const ana = await memberIn('Europe/Paris');
    await put(ana, ON).expect(200);
    expect(await nextDueOf(ana)).toEqual(wallClock('2026-11-29 04:50', 'Europe/Paris'));
    await put(ana, { ...ON, enabled: false }).expect(200);
    expect(await nextDueOf(ana)).toBeNull();
  });

  it('a change of zone moves the next reminder into the new zone', async () => {
    const ana = await memberIn('Europe/Paris');
    await put(ana, ON).expect(200);
    await publishTestEvent(fakeEvent('user.updated', { userId: ana, timezone: 'America/New_York' }));
    const inNewYork = wallClock('2026-11-29 04:50', 'America/New_York');
    await waitFor(async () => (await nextDueOf(ana))?.getTime() === inNewYork.getTime());
  });

  it('without a stored zone, follows the zone of the member’s latest post', async () => {
    const ben = await memberIn(null);
    await put(ben, ON).expect(200);
    expect(await nextDueOf(ben)).toBeNull();
    await publishTestEvent(
      fakeEvent('post.created', { authorId: ben, timezone: 'Asia/Tokyo', createdAt: now.toISOString() }),
    );
    const inTokyo = wallClock('2026-11-29 04:50', 'Asia/Tokyo');
    await waitFor(async () => (await nextDueOf(ben))?.getTime() === inTokyo.getTime());
  });
});
