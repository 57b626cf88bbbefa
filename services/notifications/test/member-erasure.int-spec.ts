import { randomUUID } from 'node:crypto';
import type { EventType } from '@daybreak/contracts';
import { asViewer, fakeEvent, queryTestDatabase } from '@daybreak/testing';
import { unreadKey } from '../src/notifications/unread-counter';
import { eventsAppliedBy, notificationsUnderTest } from './notifications-under-test';

/** post.created and user.followed feed a read model and notify: two handlers each. */
const HANDLERS: Partial<Record<EventType, number>> = { 'post.created': 2, 'user.followed': 2 };

/** Every table of notifications and its columns that name a member (the system test scans them all). */
const MEMBER_COLUMNS: [string, string][] = [
  ['notifications', 'user_id'],
  ['notifications', 'from_user_id'],
  ['unread_counters', 'user_id'],
  ['push_subscriptions', 'user_id'],
  ['members', 'user_id'],
  ['follows', 'follower_id'],
  ['follows', 'followee_id'],
  ['blocks', 'blocker_id'],
  ['blocks', 'blocked_id'],
  ['mutes', 'muter_id'],
  ['mutes', 'muted_id'],
];

/** Issue 42: a member who left takes their notifications, both ways, along (real Postgres, Redis, Kafka). */
describe('notifications: a deleted member', () => {
  const { api, redis, countOf } = notificationsUnderTest();
  const { deliver } = eventsAppliedBy(HANDLERS);
  const rowsNaming = async (userId: string) => {
    const found: string[] = [];
    for (const [table, column] of MEMBER_COLUMNS) {
      const rows = await queryTestDatabase(`SELECT 1 FROM notifications.${table} WHERE ${column} = $1`, [
        userId,
      ]);
      if (rows.length > 0) found.push(`${table}.${column}`);
    }
    return found;
  };

  it("deletes what they caused and received, with the others' unread counts exact, and their push subscriptions", async () => {
    const [del, ana, ben] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(
      fakeEvent('user.registered', { userId: del, firstName: 'Del' }),
      fakeEvent('user.followed', { followerId: ana, followeeId: del }),
      fakeEvent('user.followed', { followerId: del, followeeId: ana }),
      fakeEvent('post.liked', { postAuthorId: ana, likerId: del }),
      fakeEvent('comment.created', { postAuthorId: ana, authorId: del }),
      fakeEvent('post.liked', { postAuthorId: ana, likerId: ben }),
      fakeEvent('post.liked', { postAuthorId: del, likerId: ben }),
    );
    expect(await countOf(ana)).toBe(4);
    // After the notifications: a block or mute applied first would keep them from being written.
    await deliver(
      fakeEvent('user.blocked', { blockerId: del, blockedId: ben, version: 1 }),
      fakeEvent('user.muted', { muterId: ana, mutedId: del, version: 1 }),
    );
    // As the push module saves a browser's subscription (its route checks a real key and endpoint).
    await queryTestDatabase(
      `INSERT INTO notifications.push_subscriptions (endpoint, user_id, p256dh, auth) VALUES ($1, $2, 'p', 'a')`,
      [`https://push.example.test/${del}`, del],
    );
    // The member's export lists theirs: ana's follow (ben's like went with del's block of ben).
    const exported = await api().get('/notifications/export').set(asViewer('notifications', del)).expect(200);
    expect(exported.body.map((n: { type: string }) => n.type).sort()).toEqual(['follow']);

    await deliver(fakeEvent('user.deleted', { userId: del }));

    expect(await rowsNaming(del)).toEqual([]);
    expect(await countOf(ana)).toBe(1);
    expect(await redis().get(unreadKey(ana))).toBe('1');
    expect(await redis().get(unreadKey(del))).toBeNull();
    // A replay finds nothing left and changes no count.
    await deliver(fakeEvent('user.deleted', { userId: del }));
    expect(await countOf(ana)).toBe(1);
  });
});
