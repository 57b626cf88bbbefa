import type { EventType } from '@daybreak/contracts';
import { outboxRows, queryTestDatabase } from '@daybreak/testing';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Invite links for many friends (issue 44, ADR 0030): every route as a guest, the inviter and friends. */
describe('social: invite links (real Postgres and Kafka)', () => {
  const service = socialUnderTest();

  const newMember = (firstName?: string) => newSocialMember(() => service().url, firstName);
  const guest = socialApi(() => service().url, null);

  async function eventsOf(type: EventType, inviterId: string): Promise<unknown[]> {
    return (await outboxRows('social', type))
      .map((row) => row.envelope.payload as { inviterId?: string })
      .filter((payload) => payload.inviterId === inviterId);
  }

  /** Moves a link's end into the past, as 30 days would. */
  async function expire(code: string): Promise<void> {
    await queryTestDatabase(
      `UPDATE social.invites SET expires_at = now() - interval '1 second' WHERE code = $1`,
      [code],
    );
  }

  it('reuses the current link for 30 days; anyone can look it up', async () => {
    const ana = await newMember();
    await ana.put('/users/me/profile', { profileName: 'Ana Inviter' }).expect(200);

    const first = await ana.post('/invites').expect(200);
    const again = await ana.post('/invites').expect(200);

    expect(first.body.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(again.body).toEqual(first.body);
    const lifetime = Date.parse(first.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * DAY_MS);
    expect(await eventsOf('invite.created', ana.id)).toHaveLength(1);
    expect((await guest.get(`/invites/${first.body.inviteCode}`).expect(200)).body).toEqual({
      inviter: {
        id: ana.id,
        profileName: 'Ana Inviter',
        firstName: ana.firstName,
        lastName: 'Early',
        profileImageUrl: null,
      },
    });
    await guest.get('/invites/AAAAAAAAAAAAAAAA').expect(404);
    await guest.get('/invites/short').expect(404);
    await guest.post('/invites').expect(401);
    await guest.post('/invites/renew').expect(401);
  });

  it.each([2, 3])('one link works for %i friends: each follows the inviter and back', async (friendCount) => {
    const ana = await newMember();
    const friends = await Promise.all(Array.from({ length: friendCount }, () => newMember()));
    const { inviteCode } = (await ana.post('/invites').expect(200)).body;

    for (const friend of friends) {
      expect((await friend.post(`/invites/${inviteCode}/accept`).expect(200)).body).toEqual({
        inviterId: ana.id,
        accepted: true,
      });
      expect((await friend.get(`/users/${ana.id}`).expect(200)).body.isFollowing).toBe(true);
      expect((await ana.get(`/users/${friend.id}`).expect(200)).body.isFollowing).toBe(true);
    }
    // Accepting again changes nothing, and the inviter's own link is still theirs only.
    expect((await friends[0].post(`/invites/${inviteCode}/accept`).expect(200)).body.accepted).toBe(false);
    const own = await ana.post(`/invites/${inviteCode}/accept`).expect(400);
    expect(own.body.message).toBe('You cannot accept your own invite.');
    await guest.post(`/invites/${inviteCode}/accept`).expect(401);

    expect((await ana.get(`/users/${ana.id}`).expect(200)).body).toMatchObject({
      followersCount: friendCount,
      followingCount: friendCount,
    });
    expect(await eventsOf('invite.accepted', ana.id)).toEqual(
      friends.map((friend) => ({ inviteCode, inviterId: ana.id, inviteeId: friend.id })),
    );
    // Still live for the next friend, and the inviter keeps it.
    await guest.get(`/invites/${inviteCode}`).expect(200);
    expect((await ana.post('/invites').expect(200)).body.inviteCode).toBe(inviteCode);
  });

  it('an expired link is gone for everyone; the next generate makes a new one', async () => {
    const ana = await newMember();
    const [cara, dan] = await Promise.all([newMember(), newMember()]);
    const { inviteCode } = (await ana.post('/invites').expect(200)).body;
    await cara.post(`/invites/${inviteCode}/accept`).expect(200);

    await expire(inviteCode);

    await guest.get(`/invites/${inviteCode}`).expect(404);
    const gone = await dan.post(`/invites/${inviteCode}/accept`).expect(404);
    expect(gone.body.message).toBe('Invalid or expired invite link');
    await ana.post(`/invites/${inviteCode}/shared`).expect(404);
    const next = (await ana.post('/invites').expect(200)).body.inviteCode;
    expect(next).not.toBe(inviteCode);
    await dan.post(`/invites/${next}/accept`).expect(200);
    // Who joined before the link ended keeps the follows.
    expect((await cara.get(`/users/${ana.id}`).expect(200)).body.isFollowing).toBe(true);
    expect(await eventsOf('invite.created', ana.id)).toHaveLength(2);
  });

  it('a new link replaces the old one at once', async () => {
    const ana = await newMember();
    const [cara, dan] = await Promise.all([newMember(), newMember()]);
    const old = (await ana.post('/invites').expect(200)).body.inviteCode;
    await cara.post(`/invites/${old}/accept`).expect(200);

    const renewed = (await ana.post('/invites/renew').expect(200)).body;

    expect(renewed.inviteCode).not.toBe(old);
    expect((await ana.post('/invites').expect(200)).body).toEqual(renewed);
    await guest.get(`/invites/${old}`).expect(404);
    await dan.post(`/invites/${old}/accept`).expect(404);
    await dan.post(`/invites/${renewed.inviteCode}/accept`).expect(200);
    // Cara joined through Ana already: the new link changes nothing for her.
    expect((await cara.post(`/invites/${renewed.inviteCode}/accept`).expect(200)).body.accepted).toBe(false);
    expect(await eventsOf('invite.accepted', ana.id)).toHaveLength(2);
  });

  it("counts a link as sent once, when its member first copies or shares it; others' or dead links 404", async () => {
    const ana = await newMember();
    const ben = await newMember();
    const { inviteCode } = (await ana.post('/invites').expect(200)).body;
    expect(await eventsOf('invite.shared', ana.id)).toEqual([]);

    expect((await ana.post(`/invites/${inviteCode}/shared`).expect(200)).body).toEqual({ counted: true });
    expect((await ana.post(`/invites/${inviteCode}/shared`).expect(200)).body).toEqual({ counted: false });
    await ben.post(`/invites/${inviteCode}/shared`).expect(404);
    await guest.post(`/invites/${inviteCode}/shared`).expect(401);
    await ana.post('/invites/AAAAAAAAAAAAAAAA/shared').expect(404);
    expect(await eventsOf('invite.shared', ana.id)).toEqual([{ inviteCode, inviterId: ana.id }]);

    const renewed = (await ana.post('/invites/renew').expect(200)).body.inviteCode;
    await ana.post(`/invites/${inviteCode}/shared`).expect(404);
    expect((await ana.post(`/invites/${renewed}/shared`).expect(200)).body).toEqual({ counted: true });
    expect(await eventsOf('invite.shared', ana.id)).toHaveLength(2);
  });
});
