import { randomUUID } from 'node:crypto';
import { asViewer, fakeIdentity, outboxRows, queryTestDatabase } from '@daybreak/testing';
import request from 'supertest';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

/** Issue 42: a member deletes their account, or takes their data (real Postgres and Kafka). */
describe('social: account deletion and export', () => {
  const service = socialUnderTest();

  const guest = socialApi(() => service().url, null);
  const newMember = () => newSocialMember(() => service().url, `A${randomUUID().slice(0, 6)}`);
  const counts = async (memberId: string) => {
    const profile = (await guest.get(`/users/${memberId}`).expect(200)).body;
    return { followers: profile.followersCount, following: profile.followingCount };
  };

  it("erases the member: others' counts exact, blocks, mutes and invites gone, one user.deleted", async () => {
    const [del, ana, ben, cat] = [await newMember(), await newMember(), await newMember(), await newMember()];
    await del.post(`/users/${ana.id}/follow`).expect(200);
    await ana.post(`/users/${del.id}/follow`).expect(200);
    await ben.post(`/users/${del.id}/follow`).expect(200);
    await cat.post(`/users/${ben.id}/follow`).expect(200);
    await del.post(`/users/${ben.id}/mute`).expect(200);
    await cat.post(`/users/${del.id}/block`).expect(200);
    await del.post('/invites').expect(200);
    const { inviteCode } = (await ana.post('/invites').expect(200)).body;
    await del.post(`/invites/${inviteCode}/accept`).expect(200);

    await socialApi(() => service().url, del.id)
      .delete('/account')
      .expect(204);

    expect(await counts(ana.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(ben.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(cat.id)).toEqual({ followers: 0, following: 1 });
    // The link del joined through stays ana's (for other friends), without their acceptance.
    expect(
      await queryTestDatabase(`SELECT inviter_id FROM social.invites WHERE code = $1`, [inviteCode]),
    ).toEqual([{ inviter_id: ana.id }]);
    expect((await guest.get(`/users/${del.id}`)).status).toBe(404);
    for (const [table, columns] of Object.entries(MEMBER_COLUMNS)) {
      const where = columns.map((column) => `${column} = $1`).join(' OR ');
      expect({
        table,
        rows: await queryTestDatabase(`SELECT * FROM social.${table} WHERE ${where}`, [del.id]),
      }).toEqual({ table, rows: [] });
    }
    const deleted = (await outboxRows('social', 'user.deleted')).filter(
      (row) => (row.envelope.payload as { userId: string }).userId === del.id,
    );
    expect(deleted.map((row) => row.envelope.payload)).toEqual([{ userId: del.id }]);
    const unfollowed = (await outboxRows('social', 'user.unfollowed'))
      .map((row) => row.envelope.payload)
      .filter((payload) => payload.followerId === del.id || payload.followeeId === del.id);
    expect(unfollowed).toEqual(
      expect.arrayContaining([
        { followerId: del.id, followeeId: ana.id },
        { followerId: ana.id, followeeId: del.id },
        { followerId: ben.id, followeeId: del.id },
      ]),
    );
    expect(unfollowed).toHaveLength(3);

    // Again: nothing left to delete.
    expect((await socialApi(() => service().url, del.id).delete('/account')).status).toBe(404);
  });

  it('signing in again with the same identity makes a new member', async () => {
    const identity = fakeIdentity();
    const signIn = () =>
      request(service().url).post('/users/sign-in').set(asViewer('social', null)).send(identity);
    const first = (await signIn().expect(200)).body;
    await socialApi(() => service().url, first.id)
      .delete('/account')
      .expect(204);

    const again = (await signIn().expect(200)).body;
    expect(again).toMatchObject({ isNewMember: true, email: identity.email });
    expect(again.id).not.toBe(first.id);
    expect(await counts(again.id)).toEqual({ followers: 0, following: 0 });
  });

  it('exports the profile with the e-mail and the four lists, with when', async () => {
    const [ana, ben] = [await newMember(), await newMember()];
    await ana.post(`/users/${ben.id}/follow`).expect(200);
    await ben.post(`/users/${ana.id}/follow`).expect(200);
    await ana.post(`/users/${ben.id}/mute`).expect(200);

    const { body } = await ana.get('/account/export').expect(200);

    expect(body.profile).toMatchObject({
      id: ana.id,
      email: ana.email,
      followersCount: 1,
      followingCount: 1,
    });
    const listed = { id: ben.id, firstName: ben.firstName, since: expect.any(String) };
    expect(body).toMatchObject({
      following: [listed],
      followers: [listed],
      muted: [listed],
      blocked: [],
    });
    expect((await guest.get('/account/export')).status).toBe(401);
  });
});

/** Every column of social's tables that names a member (the system test scans them all). */
const MEMBER_COLUMNS: Record<string, string[]> = {
  users: ['id'],
  follows: ['follower_id', 'followee_id'],
  blocks: ['blocker_id', 'blocked_id'],
  mutes: ['muter_id', 'muted_id'],
  safety_versions: ['member_id'],
  invites: ['inviter_id'],
  invite_acceptances: ['inviter_id', 'invitee_id'],
};
