import { randomUUID } from 'node:crypto';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '@daybreak/contracts';
import { type EventOf, UnitOfWork } from '@daybreak/messaging';
import { fakeEvent, queryTestDatabase } from '@daybreak/testing';
import { AnalyticsConsumer } from '../src/analytics/analytics.consumer';
import { streaksUnderTest } from './streaks-under-test';

type Counted = EventOf<'analytics.event-recorded'> | EventOf<'post.liked'>;

/**
 * Batches from different partitions (two consumers, or two replicas) may move the same daily counters
 * in opposite orders. Each batch is one transaction; should each hold one counter and wait for the
 * other's, Postgres ends one with a deadlock and the transport retries it. The counters are written
 * in one fixed order instead, so the second batch waits for the first and both commit.
 */
describe('streaks: analytics counters, two batches at once (real Postgres)', () => {
  const { service } = streaksUnderTest();

  /** Applies a batch in one transaction as the transport does; the first event, then `between`, then the rest. */
  const applyBatch = (events: Counted[], between: () => Promise<void>) => {
    const consumer = service().app.get(AnalyticsConsumer);
    const apply = (event: Counted, tx: Parameters<AnalyticsConsumer['onLike']>[1]) =>
      event.type === 'post.liked' ? consumer.onLike(event, tx) : consumer.onClientEvent(event, tx);
    return service()
      .app.get(UnitOfWork)
      .run(async (tx) => {
        const [first, ...rest] = events;
        await apply(first, tx);
        await between();
        for (const event of rest) await apply(event, tx);
      });
  };

  /** Both batches apply their first event, then each its others: on main, each waited for the other. */
  const applyInterleaved = async (one: Counted[], other: Counted[]) => {
    let oneStarted!: () => void;
    let otherStarted!: () => void;
    const started = [
      new Promise<void>((resolve) => (oneStarted = resolve)),
      new Promise<void>((resolve) => (otherStarted = resolve)),
    ];
    return Promise.allSettled([
      applyBatch(one, async () => {
        oneStarted();
        await started[1];
      }),
      applyBatch(other, async () => {
        otherStarted();
        await started[0];
      }),
    ]);
  };

  const clientEvent = (day: string, name: AnalyticsEventName) =>
    fakeEvent('analytics.event-recorded', { memberId: null, name, receivedAt: `${day}T05:00:00.000Z` });

  it('applies two batches moving the same event counters in opposite orders, without a deadlock', async () => {
    const days = ['2032-03-01', '2032-03-02'];
    const counters = days.flatMap((day) => ANALYTICS_EVENT_NAMES.map((name) => ({ day, name })));
    const batch = () => counters.map(({ day, name }) => clientEvent(day, name));

    const results = await applyInterleaved(batch(), batch().reverse());

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(
      await queryTestDatabase(
        `SELECT count(*)::int AS counters, min(events) AS least, max(events) AS most
         FROM streaks.analytics_daily_events WHERE day = ANY($1)`,
        [days],
      ),
    ).toEqual([{ counters: counters.length, least: 2, most: 2 }]);
  });

  it('applies two batches moving the same daily active counters in opposite orders, without a deadlock', async () => {
    const days = ['2032-03-03', '2032-03-04'];
    const likeOn = (day: string) =>
      fakeEvent('post.liked', { likerId: randomUUID() }, { occurredAt: `${day}T05:00:00.000Z` });

    const results = await applyInterleaved(
      days.map((day) => likeOn(day)),
      [...days].reverse().map((day) => likeOn(day)),
    );

    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    expect(
      await queryTestDatabase(
        `SELECT day::text, members FROM streaks.analytics_daily_active WHERE day = ANY($1) ORDER BY day`,
        [days],
      ),
    ).toEqual(days.map((day) => ({ day, members: 2 })));
  });
});
