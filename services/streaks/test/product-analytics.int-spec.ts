import { randomUUID } from 'node:crypto';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  waitFor,
  wallClock,
} from '@daybreak/testing';
import request from 'supertest';
import { streaksUnderTest } from './streaks-under-test';

/** ADR 0033: the SPA's events and the domain's own, kept as daily aggregates the Product dashboard reads. */
describe('streaks: product analytics aggregates (real Postgres and Kafka)', () => {
  const { service, consumed } = streaksUnderTest();
  const one = async <T>(sql: string, params: unknown[]): Promise<T | undefined> =>
    ((await queryTestDatabase(sql, params)) as T[])[0];
  const activeOn = async (day: string) =>
    (
      await one<{ members: number }>(`SELECT members FROM streaks.analytics_daily_active WHERE day = $1`, [
        day,
      ])
    )?.members ?? 0;
  const eventsOn = async (day: string) =>
    queryTestDatabase(
      `SELECT name, audience, events FROM streaks.analytics_daily_events WHERE day = $1 ORDER BY name, audience`,
      [day],
    );
  const send = (viewerId: string | null, receivedAt: string, names: string[]) =>
    request(service().url)
      .post('/analytics/events')
      .set(asViewer('streaks', viewerId))
      .send({
        receivedAt,
        events: names.map((name) => ({
          type: name === 'page_view' ? 'page_view' : 'event',
          name,
          properties: {},
          path: '/',
          timestamp: receivedAt,
        })),
      });

  it("counts the SPA's events by day, name and audience, and a member active once a day however many", async () => {
    const member = randomUUID();
    const day = '2031-01-05';

    await send(member, `${day}T05:10:00.000Z`, ['page_view', 'feed_viewed', 'feed_viewed']).expect(204);
    await send(null, `${day}T07:00:00.000Z`, ['page_view']).expect(204);

    await waitFor(async () => (await eventsOn(day)).length === 3 || undefined, {
      description: 'the aggregates',
    });
    expect(await eventsOn(day)).toEqual([
      { name: 'feed_viewed', audience: 'member', events: 2 },
      { name: 'page_view', audience: 'guest', events: 1 },
      { name: 'page_view', audience: 'member', events: 1 },
    ]);
    expect(await activeOn(day)).toBe(1);
  });

  it('refuses a batch with an event outside spec §7, naming it', async () => {
    const answer = await send(randomUUID(), '2031-01-06T05:00:00.000Z', [
      'post_created',
      'screen_scraped',
    ]).expect(400);
    expect(answer.body.message).toContain('Unknown analytics event "screen_scraped"');
  });

  it('counts posts by local hour and class, and a member who posts, likes and follows as one active member', async () => {
    const zone = 'Europe/Paris';
    const [ana, ben] = [randomUUID(), randomUUID()];
    const day = '2031-01-07';
    const at = (time: string) => wallClock(`${day} ${time}`, zone).toISOString();
    await consumed(
      fakeEvent('post.created', {
        authorId: ana,
        createdAt: at('05:10'),
        timezone: zone,
        timeClassification: '5am',
      }),
    );
    await consumed(
      fakeEvent('post.created', {
        authorId: ben,
        createdAt: at('05:20'),
        timezone: zone,
        timeClassification: '5am',
      }),
    );
    await consumed(
      fakeEvent('post.created', {
        authorId: ben,
        createdAt: at('06:05'),
        timezone: zone,
        timeClassification: '6am',
      }),
    );
    await consumed(fakeEvent('post.liked', { likerId: ana }, { occurredAt: at('09:00') }));
    await consumed(fakeEvent('user.followed', { followerId: ana }, { occurredAt: at('09:01') }));

    expect(
      await queryTestDatabase(
        `SELECT local_hour, classification, posts FROM streaks.analytics_daily_posts WHERE day = $1 ORDER BY local_hour`,
        [day],
      ),
    ).toEqual([
      { local_hour: 5, classification: '5am', posts: 2 },
      { local_hour: 6, classification: '6am', posts: 1 },
    ]);
    expect(await activeOn(day)).toBe(2);
  });

  it('applies a redelivered event once', async () => {
    const day = '2031-01-08';
    const event = fakeEvent('analytics.event-recorded', {
      memberId: randomUUID(),
      name: 'share',
      receivedAt: `${day}T05:00:00.000Z`,
    });

    await consumed(event);
    await publishTestEvent(event, { partition: 0 });
    await publishTestEvent(event, { partition: 5 });
    await consumed(
      fakeEvent('analytics.event-recorded', {
        memberId: null,
        name: 'login',
        receivedAt: `${day}T06:00:00.000Z`,
      }),
    );

    expect(await eventsOn(day)).toEqual([
      { name: 'login', audience: 'guest', events: 1 },
      { name: 'share', audience: 'member', events: 1 },
    ]);
    expect(await activeOn(day)).toBe(1);
  });
});
