import { randomUUID } from 'node:crypto';
import { asViewer, fakeEvent, publishTestEvent, waitForConsumed } from '@daybreak/testing';
import { notificationsUnderTest } from './notifications-under-test';

/** Issue 42: a reporter is told when a moderator resolved their report (real Postgres, Redis, Kafka). */
describe('notifications: resolved reports', () => {
  const { api, listOf } = notificationsUnderTest();

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
    const count = await api()
      .get('/notifications/unread-count')
      .set(asViewer('notifications', reporterId))
      .expect(200);
    expect(count.body).toEqual({ count: 2 });
  });
});
