import { randomUUID } from 'node:crypto';
import type { AppNotification } from '@daybreak/contracts';
import { asViewer, serviceUnderTest, fakeEvent, publishTestEvent, waitForConsumed } from '@daybreak/testing';
import request from 'supertest';
import { startNotifications } from './notifications-app';

/** Issue 42: a reporter is told when a moderator resolved their report (real Postgres, Redis, Kafka). */
describe('notifications: resolved reports', () => {
  const service = serviceUnderTest(() => startNotifications({ consumes: true }));

  const listOf = async (userId: string): Promise<AppNotification[]> =>
    (await request(service().url).get('/notifications').set(asViewer('notifications', userId)).expect(200))
      .body;
  const deliver = async (event: ReturnType<typeof fakeEvent>) => {
    await publishTestEvent(event);
    await waitForConsumed('notifications', event.eventId);
  };

  it('tells the reporter once, naming no one, whatever the decision', async () => {
    const reporterId = randomUUID();
    const hidden = fakeEvent(
      'report.resolved',
      { reporterId, action: 'hide' },
      { occurredAt: '2026-03-09T10:00:00.000Z' },
    );
    const dismissed = fakeEvent(
      'report.resolved',
      { reporterId, action: 'dismiss' },
      { occurredAt: '2026-03-09T11:00:00.000Z' },
    );

    await deliver(hidden);
    await deliver(dismissed);
    await deliver(hidden); // redelivered: nothing twice

    // Newest first.
    const list = await listOf(reporterId);
    expect(
      list.map(({ type, message, fromUserId, postId }) => ({ type, message, fromUserId, postId })),
    ).toEqual([
      {
        type: 'report',
        message: 'Thanks for your report. A moderator reviewed it and found no rule broken.',
        fromUserId: null,
        postId: null,
      },
      {
        type: 'report',
        message: 'Thanks for your report. A moderator reviewed it and took action.',
        fromUserId: null,
        postId: null,
      },
    ]);
    const count = await request(service().url)
      .get('/notifications/unread-count')
      .set(asViewer('notifications', reporterId))
      .expect(200);
    expect(count.body).toEqual({ count: 2 });
  });
});
