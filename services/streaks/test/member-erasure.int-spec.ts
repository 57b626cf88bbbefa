import { randomUUID } from 'node:crypto';
import {
  asViewer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  waitForConsumed,
  wallClock,
} from '@daybreak/testing';
import request from 'supertest';
import { streaksUnderTest } from './streaks-under-test';

/** Every table of streaks and its columns that name a member (the system test scans them all). */
const MEMBER_COLUMNS: [string, string][] = [
  ['early_posts', 'user_id'],
  ['post_days', 'user_id'],
  ['streak_runs', 'user_id'],
  ['member_stats', 'user_id'],
  ['member_badges', 'user_id'],
  ['members', 'user_id'],
  ['follows', 'follower_id'],
  ['follows', 'followee_id'],
  ['invites_sent', 'inviter_id'],
  ['invites_accepted', 'inviter_id'],
  ['invites_accepted', 'invitee_id'],
  ['analytics_active_members', 'user_id'],
  ['analytics_member_journeys', 'user_id'],
];

/** Issue 42: a member who left takes their streaks, badges and leaderboard places along. */
describe('streaks: a deleted member (real Postgres and Kafka)', () => {
  const { service, consumed } = streaksUnderTest();
  const rowsNaming = async (userId: string) => {
    const found: string[] = [];
    for (const [table, column] of MEMBER_COLUMNS) {
      const rows = await queryTestDatabase(`SELECT 1 FROM streaks.${table} WHERE ${column} = $1`, [userId]);
      if (rows.length > 0) found.push(`${table}.${column}`);
    }
    return found;
  };
  const leaderboardOf = async (userId: string) =>
    (await request(service().url).get('/leaderboard/weekly').set(asViewer('streaks', userId)).expect(200))
      .body as { userId?: string; user?: { id: string } }[];

  it('erases their early activity, streaks, badges, copy, follows and invites; the others rank without them', async () => {
    const [del, ana] = [randomUUID(), randomUUID()];
    const zone = 'Europe/Paris';
    await consumed(fakeEvent('user.registered', { userId: del, profileName: 'del', timezone: zone }));
    await consumed(fakeEvent('user.registered', { userId: ana, profileName: 'ana', timezone: zone }));
    for (const day of ['2026-11-23', '2026-11-24'])
      await publishTestEvent(
        fakeEvent('post.created', {
          authorId: del,
          createdAt: wallClock(`${day} 05:00`, zone).toISOString(),
          timezone: zone,
          timeClassification: '5am',
          isEarlyMorning: true,
        }),
      );
    await publishTestEvent(fakeEvent('user.followed', { followerId: ana, followeeId: del }));
    await publishTestEvent(fakeEvent('user.followed', { followerId: del, followeeId: ana }));
    await publishTestEvent(fakeEvent('invite.created', { inviterId: del }));
    await consumed(fakeEvent('invite.accepted', { inviterId: ana, inviteeId: del }));
    const marker = fakeEvent('post.created', {
      authorId: del,
      createdAt: wallClock('2026-11-25 05:00', zone).toISOString(),
      timezone: zone,
      timeClassification: '5am',
      isEarlyMorning: true,
    });
    await publishTestEvent(marker);
    await waitForConsumed('streaks', marker.eventId);
    expect(await rowsNaming(del)).toEqual(expect.arrayContaining(['early_posts.user_id', 'members.user_id']));

    await consumed(fakeEvent('user.deleted', { userId: del }));

    expect(await rowsNaming(del)).toEqual([]);
    expect(JSON.stringify(await leaderboardOf(ana))).not.toContain(del);
    // A replay finds nothing left, and a post.deleted of theirs arriving after it (another topic:
    // posts deletes their posts from the same user.deleted) leaves nothing either.
    await consumed(fakeEvent('user.deleted', { userId: del }));
    await consumed(fakeEvent('post.deleted', { authorId: del }));
    expect(await rowsNaming(del)).toEqual([]);
  });
});
