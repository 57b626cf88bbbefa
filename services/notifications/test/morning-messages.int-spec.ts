import { randomUUID } from 'node:crypto';
import { asViewer, fakeEvent, publishTestEvent, waitForConsumed } from '@daybreak/testing';
import { pushed } from './notifications-app';
import { notificationsUnderTest } from './notifications-under-test';

/** Streaks' morning messages (ADR 0028) as notifications and pushes that open /create-post. */
describe('notifications: the streak nudge and the weekly recap (real Postgres, Redis, Kafka)', () => {
  const { api, listOf, countOf: unreadOf } = notificationsUnderTest();

  const deliver = async (event: ReturnType<typeof fakeEvent>) => {
    await publishTestEvent(event);
    await waitForConsumed('notifications', event.eventId);
  };
  const pushesTo = (userId: string) =>
    pushed.filter((push) => push.userId === userId).map((push) => push.message);

  it('streak.at-risk: "Your N-day streak ends at 6:30. Post now to keep it.", in the list and pushed to /create-post, once a period', async () => {
    const ana = randomUUID();
    const atRisk = { userId: ana, streakLength: 12, streakDay: '2026-03-10' };
    await deliver(fakeEvent('streak.at-risk', atRisk));
    // The same period again (a second event for it): still one.
    await deliver(fakeEvent('streak.at-risk', atRisk));

    const text = 'Your 12-day streak ends at 6:30. Post now to keep it.';
    expect(
      (await listOf(ana)).map(({ type, message, fromUserId }) => ({ type, message, fromUserId })),
    ).toEqual([{ type: 'other', message: text, fromUserId: null }]);
    expect(await unreadOf(ana)).toBe(1);
    expect(pushesTo(ana)).toEqual([{ title: 'Daybreak', body: text, url: '/create-post' }]);
  });

  it('leaderboard.week-closed: "Last week: N early mornings, #K among the people you follow.", in the list and pushed', async () => {
    const ben = randomUUID();
    await deliver(
      fakeEvent('leaderboard.week-closed', {
        userId: ben,
        earlyMornings: 4,
        rank: 2,
        weekStart: '2026-03-02',
      }),
    );
    await deliver(
      fakeEvent('leaderboard.week-closed', {
        userId: ben,
        earlyMornings: 1,
        rank: 1,
        weekStart: '2026-03-09',
      }),
    );

    const texts = [
      'Last week: 1 early morning, #1 among the people you follow.',
      'Last week: 4 early mornings, #2 among the people you follow.',
    ];
    expect((await listOf(ben)).map(({ type, message }) => ({ type, message }))).toEqual(
      texts.map((message) => ({ type: 'other', message })),
    );
    expect(pushesTo(ben)).toEqual(
      [...texts].reverse().map((body) => ({ title: 'Daybreak', body, url: '/create-post' })),
    );
  });

  it('sends neither to a member who turned them off in their Mornings settings (ADR 0027), and only the one they kept', async () => {
    const [cara, dan] = [randomUUID(), randomUUID()];
    const settings = (streakNudge: boolean, weeklyRecap: boolean) => ({
      enabled: false,
      time: '04:50',
      days: [1, 2, 3, 4, 5, 6, 7],
      streakNudge,
      weeklyRecap,
    });
    await api()
      .put('/reminders')
      .set(asViewer('notifications', cara))
      .send(settings(false, false))
      .expect(200);
    await api().put('/reminders').set(asViewer('notifications', dan)).send(settings(false, true)).expect(200);
    for (const userId of [cara, dan]) {
      await deliver(fakeEvent('streak.at-risk', { userId, streakLength: 5, streakDay: '2026-03-10' }));
      await deliver(
        fakeEvent('leaderboard.week-closed', { userId, earlyMornings: 3, rank: 1, weekStart: '2026-03-02' }),
      );
    }

    expect(await listOf(cara)).toEqual([]);
    expect(pushesTo(cara)).toEqual([]);
    expect((await listOf(dan)).map(({ message }) => message)).toEqual([
      'Last week: 3 early mornings, #1 among the people you follow.',
    ]);
  });
});
