import { randomUUID } from 'node:crypto';
import { asViewer, fakeEvent, publishTestEvent, waitFor, wallClock } from '@daybreak/testing';
import request from 'supertest';
import { addDays } from '@daybreak/contracts';
import { streakDayOf } from '../src/streaks/domain/streak-rules';
import { streaksUnderTest } from './streaks-under-test';

describe('streaks: early activity from post events (real Postgres and Kafka)', () => {
  const { service } = streaksUnderTest();

  const postCreated = (
    authorId: string,
    local: string,
    zone: string,
    timeClassification: '5am' | '6am' | 'none',
  ) =>
    publishTestEvent(
      fakeEvent('post.created', {
        authorId,
        createdAt: wallClock(local, zone).toISOString(),
        timezone: zone,
        timeClassification,
        isEarlyMorning: timeClassification !== 'none',
      }),
    );

  const stats = async (userId: string, zone = 'America/New_York') =>
    (
      await request(service().url)
        .get(`/users/${userId}/stats?timezone=${encodeURIComponent(zone)}`)
        .set(asViewer('streaks', null))
        .expect(200)
    ).body;

  it('counts 5am and 6am posts, builds the streak and the 30-day calendar; other posts do not count', async () => {
    const ana = randomUUID();
    const zone = 'America/New_York';
    // Anchored on the current streak period, so the story holds at any time of day.
    const today = streakDayOf(new Date(), zone);
    const yesterday = addDays(today, -1);

    await postCreated(ana, `${today} 05:00`, zone, '5am'); // before 06:30: yesterday's period
    await postCreated(ana, `${today} 06:30`, zone, '6am'); // at 06:30: today's period
    await postCreated(ana, `${addDays(today, -3)} 14:00`, zone, 'none');

    const result = await waitFor(
      async () => {
        const current = await stats(ana, zone);
        return current.fiveAmPostsCount + current.sixAmPostsCount === 2 &&
          current.last30DaysActivity.some((day: { activityType: string }) => day.activityType === 'any')
          ? current
          : undefined;
      },
      { description: 'all three posts to be recorded' },
    );
    expect(result).toMatchObject({
      fiveAmPostsCount: 1,
      sixAmPostsCount: 1,
      currentStreak: 2,
      longestStreak: 2,
    });
    expect(result.last30DaysActivity).toHaveLength(30);
    expect(result.last30DaysActivity.slice(-4)).toEqual([
      { date: addDays(today, -3), activityType: 'any' },
      { date: addDays(today, -2), activityType: 'none' },
      { date: yesterday, activityType: '5am' },
      { date: today, activityType: '6am' },
    ]);
  });

  it('forgets a deleted post', async () => {
    const cara = randomUUID();
    const created = await postCreated(cara, '2026-01-05 05:10', 'Asia/Tokyo', '5am');
    await waitFor(async () => (await stats(cara)).fiveAmPostsCount === 1, {
      description: 'the post to be recorded',
    });

    await publishTestEvent(fakeEvent('post.deleted', { postId: created.payload.postId, authorId: cara }));

    await waitFor(async () => (await stats(cara)).fiveAmPostsCount === 0, {
      description: 'the post to be forgotten',
    });
  });

  it('rejects an unknown time zone with a 400', async () => {
    const response = await request(service().url)
      .get(`/users/${randomUUID()}/stats?timezone=Nowhere/Land`)
      .set(asViewer('streaks', null))
      .expect(400);
    expect(response.body.message).toMatch(/Unknown time zone/);
  });
});
