import { randomUUID } from 'node:crypto';
import type { EventType } from '@daybreak/contracts';
import { asViewer, fakeEvent, queryTestDatabase } from '@daybreak/testing';
import { unreadKey } from '../src/notifications/unread-counter';
import { eventsAppliedBy, notificationsUnderTest, unreadInPostgres } from './notifications-under-test';

/** post.created and user.followed feed a read model and notify: two handlers each. */
const HANDLERS: Partial<Record<EventType, number>> = {
  'post.created': 3,
  'user.followed': 2,
  'user.registered': 2,
  'user.updated': 2,
};

describe('notifications honour blocks and mutes (ADR 0023; real Postgres, Redis, Kafka)', () => {
  const { api, redis, listOf, countOf } = notificationsUnderTest();
  const fromOf = async (userId: string) => (await listOf(userId)).map((n) => [n.type, n.fromUserId]);
  /** Publishes the events in order; resolves once every handler of the service has applied each. */
  const { deliver } = eventsAppliedBy(HANDLERS);

  /** Everything `actor` can cause `recipient`: a like and a comment of their post, and a follow. */
  const everything = (actor: string, recipient: string) => [
    fakeEvent('post.liked', { postAuthorId: recipient, likerId: actor }),
    fakeEvent('comment.created', { postAuthorId: recipient, authorId: actor }),
    fakeEvent('user.followed', { followerId: actor, followeeId: recipient }),
  ];
  const block = (blockerId: string, blockedId: string) =>
    fakeEvent('user.blocked', { blockerId, blockedId, version: 1 });
  const mute = (muterId: string, mutedId: string) =>
    fakeEvent('user.muted', { muterId, mutedId, version: 1 });

  it("a block deletes what the two caused each other, both ways, with exact unread counts; others' stay", async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(...everything(ben, ana), ...everything(ana, ben), ...everything(cara, ana));
    const benComment = (await listOf(ana)).find((n) => n.type === 'comment' && n.fromUserId === ben)!;
    await api().put(`/notifications/${benComment.id}/read`).set(asViewer('notifications', ana)).expect(204);
    expect([await countOf(ana), await countOf(ben)]).toEqual([5, 3]);

    await deliver(block(ana, ben));

    expect(new Set(await fromOf(ana))).toEqual(
      new Set([
        ['like', cara],
        ['comment', cara],
        ['follow', cara],
      ]),
    );
    expect(await listOf(ben)).toEqual([]);
    // Ana lost two unread of Ben's (the third was read), Ben his three; Redis says what Postgres does.
    expect([await countOf(ana), await countOf(ben)]).toEqual([3, 0]);
    expect([await redis().get(unreadKey(ana)), await redis().get(unreadKey(ben))]).toEqual(['3', '0']);
    expect([await unreadInPostgres(ana), await unreadInPostgres(ben)]).toEqual([3, 0]);
  });

  it('after a block neither notifies the other, also of a like that happened before it and arrives after', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const lateLike = fakeEvent(
      'post.liked',
      { postAuthorId: ana, likerId: ben },
      { occurredAt: new Date(Date.now() - 60_000).toISOString() },
    );
    await deliver(block(ana, ben));

    await deliver(lateLike, ...everything(ben, ana), ...everything(ana, ben));

    expect(await listOf(ana)).toEqual([]);
    expect(await listOf(ben)).toEqual([]);
    expect([await countOf(ana), await countOf(ben)]).toEqual([0, 0]);
  });

  it("a post's fan-out skips a follower who blocked, was blocked by or muted the author", async () => {
    const author = randomUUID();
    const [stays, blocker, blocked, muter] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await deliver(
      ...[stays, blocker, blocked, muter].map((followerId) =>
        fakeEvent('user.followed', { followerId, followeeId: author }),
      ),
    );
    // The follows are still in the read model: their `user.unfollowed` may come after the block.
    await deliver(block(blocker, author), block(author, blocked), mute(muter, author));

    const post = fakeEvent('post.created', { authorId: author });
    await deliver(post);

    const recipients = await queryTestDatabase<{ userId: string }>(
      `SELECT user_id AS "userId" FROM notifications.notifications WHERE post_id = $1`,
      [post.payload.postId],
    );
    expect(recipients.map((row) => row.userId)).toEqual([stays]);
    expect(await countOf(muter)).toBe(0);
  });

  it('a mute silences the muted member for the muter only: the past stays, the follow stays, they still hear from the muter', async () => {
    const [ana, ben] = [randomUUID(), randomUUID()];
    const [pastLike] = everything(ben, ana);
    await deliver(pastLike);
    await deliver(mute(ana, ben));

    await deliver(
      ...everything(ben, ana).slice(1),
      fakeEvent('post.liked', { postAuthorId: ana, likerId: ben }),
    );
    await deliver(...everything(ana, ben));

    expect(await fromOf(ana)).toEqual([['like', ben]]);
    expect(await countOf(ana)).toBe(1);
    expect(await countOf(ben)).toBe(3);
    const follows = await queryTestDatabase(
      `SELECT 1 FROM notifications.follows WHERE follower_id = $1 AND followee_id = $2`,
      [ben, ana],
    );
    expect(follows).toHaveLength(1);
  });

  it('unblock and unmute let new notifications through again; the deleted ones stay deleted', async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    await deliver(fakeEvent('post.liked', { postAuthorId: ana, likerId: ben }));
    await deliver(block(ana, ben), mute(ana, cara));
    await deliver(
      fakeEvent('user.unblocked', { blockerId: ana, blockedId: ben, version: 2 }),
      fakeEvent('user.unmuted', { muterId: ana, mutedId: cara, version: 2 }),
    );

    await deliver(
      fakeEvent('user.followed', { followerId: ben, followeeId: ana }),
      fakeEvent('user.followed', { followerId: cara, followeeId: ana }),
    );

    expect(new Set(await fromOf(ana))).toEqual(
      new Set([
        ['follow', ben],
        ['follow', cara],
      ]),
    );
    expect(await countOf(ana)).toBe(2);
  });
});
