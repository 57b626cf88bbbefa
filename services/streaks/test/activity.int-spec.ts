import { randomUUID } from 'node:crypto';
import { RunningService } from '@daybreak/kafka';
import {
  asViewer,
  disconnectTestProducer,
  publishTestEvent,
  queryTestDatabase,
  startTestService,
  testServiceEnv,
  waitFor,
  wallClock,
} from '@daybreak/testing';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadStreaksConfig } from '../src/config';

describe('streaks: early activity from post events (real Postgres and Kafka)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startTestService('streaks', AppModule.forConfig(loadStreaksConfig(testServiceEnv())), {
      consumes: true,
    });
  });
  afterAll(async () => {
    await disconnectTestProducer();
    await service?.app.close();
  });

  const postCreated = (
    authorId: string,
    local: string,
    zone: string,
    timeClassification: '5am' | '6am' | 'none',
  ) =>
    publishTestEvent('post.created', {
      postId: randomUUID(),
      authorId,
      createdAt: wallClock(local, zone).toISOString(),
      timezone: zone,
      timeClassification,
      isEarlyMorning: timeClassification !== 'none',
      hasImage: false,
    });

  const stats = async (userId: string, zone = 'America/New_York') =>
    (
      await request(service.url)
        .get(`/users/${userId}/stats?timezone=${encodeURIComponent(zone)}`)
        .set(asViewer(null))
        .expect(200)
    ).body;

  it('counts 5am and 6am posts and builds the streak; other posts do not count', async () => {
    const ana = randomUUID();
    const zone = 'America/New_York';
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: zone }).format(new Date());
    const daysAgo = (n: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

    await postCreated(ana, `${daysAgo(2)} 05:02`, zone, '5am');
    await postCreated(ana, `${daysAgo(1)} 05:45`, zone, '6am');
    await postCreated(ana, `${daysAgo(1)} 14:00`, zone, 'none');

    const result = await waitFor(
      async () => {
        const current = await stats(ana, zone);
        return current.fiveAmPostsCount + current.sixAmPostsCount === 2 ? current : undefined;
      },
      { description: 'both early posts to be recorded' },
    );
    expect(result).toEqual({ fiveAmPostsCount: 1, sixAmPostsCount: 1, currentStreak: 2, longestStreak: 2 });
  });

  it('applies a redelivered event once', async () => {
    const ben = randomUUID();
    const event = await postCreated(ben, '2026-01-05 05:10', 'Europe/London', '5am');
    await publishTestEvent('post.created', event.payload, { eventId: event.eventId });
    // Same key, so same partition: once the marker is consumed, the redelivery before it was too.
    const marker = await publishTestEvent('post.created', event.payload);

    await waitFor(
      async () =>
        (
          await queryTestDatabase(`SELECT 1 FROM streaks.processed_events WHERE event_id = $1`, [
            marker.eventId,
          ])
        ).length === 1,
      { description: 'the marker to be consumed' },
    );
    const processed = await queryTestDatabase(`SELECT 1 FROM streaks.processed_events WHERE event_id = $1`, [
      event.eventId,
    ]);
    expect(processed).toHaveLength(1);
    expect((await stats(ben)).fiveAmPostsCount).toBe(1);
  });

  it('forgets a deleted post', async () => {
    const cara = randomUUID();
    const created = await postCreated(cara, '2026-01-05 05:10', 'Asia/Tokyo', '5am');
    await waitFor(async () => (await stats(cara)).fiveAmPostsCount === 1, {
      description: 'the post to be recorded',
    });

    await publishTestEvent('post.deleted', { postId: created.payload.postId, authorId: cara });

    await waitFor(async () => (await stats(cara)).fiveAmPostsCount === 0, {
      description: 'the post to be forgotten',
    });
  });

  it('rejects an unknown time zone with a 400', async () => {
    const response = await request(service.url)
      .get(`/users/${randomUUID()}/stats?timezone=Nowhere/Land`)
      .set(asViewer(null))
      .expect(400);
    expect(response.body.message).toMatch(/Unknown time zone/);
  });
});
