import { randomUUID } from 'node:crypto';
import {
  BLOCKED_FOLLOW_MESSAGE,
  BLOCKED_INVITE_MESSAGE,
  SAFETY_VERSION_HEADER,
  type EventType,
} from '@daybreak/contracts';
import { outboxRows, queryTestDatabase } from '@daybreak/testing';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Issue 42: blocks and mutes, their events, and what a block refuses (real Postgres and Kafka). */
describe('social: blocks and mutes', () => {
  const service = socialUnderTest();

  const api = (viewerId: string | null) => socialApi(() => service().url, viewerId);
  const guest = api(null);
  const newMember = (firstName = `S${randomUUID().slice(0, 6)}`) =>
    newSocialMember(() => service().url, firstName);

  /** The payloads of `type` in social's outbox that involve `memberId`. */
  async function eventsOf(type: EventType, memberId: string): Promise<Record<string, string>[]> {
    return (await outboxRows('social', type))
      .map((row) => row.envelope.payload as Record<string, string>)
      .filter((payload) => Object.values(payload).includes(memberId));
  }

  const counts = async (memberId: string) => {
    const profile = (await guest.get(`/users/${memberId}`).expect(200)).body;
    return { followers: profile.followersCount, following: profile.followingCount };
  };

  describe('block', () => {
    it('ends the follows both ways with exact counts, in one transaction with their events', async () => {
      const [ana, ben, cat] = [await newMember(), await newMember(), await newMember()];
      await ana.post(`/users/${ben.id}/follow`).expect(200);
      await ben.post(`/users/${ana.id}/follow`).expect(200);
      await cat.post(`/users/${ana.id}/follow`).expect(200);
      await ben.post(`/users/${cat.id}/follow`).expect(200);

      expect((await ana.post(`/users/${ben.id}/block`).expect(200)).body).toEqual({ isBlocked: true });

      expect(await counts(ana.id)).toEqual({ followers: 1, following: 0 });
      expect(await counts(ben.id)).toEqual({ followers: 0, following: 1 });
      expect(await counts(cat.id)).toEqual({ followers: 1, following: 1 });
      const between = await queryTestDatabase(
        `SELECT 1 FROM social.follows WHERE follower_id = ANY($1::uuid[]) AND followee_id = ANY($1::uuid[])`,
        [[ana.id, ben.id]],
      );
      expect(between).toEqual([]);
      expect(await eventsOf('user.blocked', ben.id)).toEqual([
        { blockerId: ana.id, blockedId: ben.id, version: 1 },
      ]);
      expect(
        (await eventsOf('user.unfollowed', ben.id)).sort((a, b) => a.followerId.localeCompare(b.followerId)),
      ).toEqual(
        [
          { followerId: ana.id, followeeId: ben.id },
          { followerId: ben.id, followeeId: ana.id },
        ].sort((a, b) => a.followerId.localeCompare(b.followerId)),
      );
    });

    it('is idempotent: blocking again changes nothing and publishes nothing; unblocking once', async () => {
      const [ana, ben] = [await newMember(), await newMember()];

      await ana.post(`/users/${ben.id}/block`).expect(200);
      await ana.post(`/users/${ben.id}/block`).expect(200);
      expect(await eventsOf('user.blocked', ben.id)).toHaveLength(1);

      expect((await ana.delete(`/users/${ben.id}/block`).expect(200)).body).toEqual({ isBlocked: false });
      await ana.delete(`/users/${ben.id}/block`).expect(200);
      expect(await eventsOf('user.unblocked', ben.id)).toEqual([
        { blockerId: ana.id, blockedId: ben.id, version: 2 },
      ]);
      // Blocking after unblocking is a new block, with its own event.
      await ana.post(`/users/${ben.id}/block`).expect(200);
      expect(await eventsOf('user.blocked', ben.id)).toHaveLength(2);
    });

    it('refuses yourself (400 with a message), an unknown member (404), a bad id (400) and guests (401)', async () => {
      const ana = await newMember();
      for (const method of ['post', 'delete'] as const) {
        const self = await ana[method](`/users/${ana.id}/block`).expect(400);
        expect(self.body).toMatchObject({ code: 'BLOCK.SELF', message: 'You cannot block yourself.' });
        await ana[method](`/users/${UNKNOWN}/block`).expect(404);
        await ana[method]('/users/not-a-uuid/block').expect(400);
        await guest[method](`/users/${ana.id}/block`).expect(401);
      }
      await guest.get('/blocks').expect(401);
    });

    it('while either blocks the other, neither can follow the other (403 with the message)', async () => {
      const [ana, ben] = [await newMember(), await newMember()];
      await ana.post(`/users/${ben.id}/block`).expect(200);

      for (const [from, to] of [
        [ben, ana],
        [ana, ben],
      ]) {
        const refused = await from.post(`/users/${to.id}/follow`).expect(403);
        expect(refused.body).toMatchObject({ code: 'FOLLOW.BLOCKED', message: BLOCKED_FOLLOW_MESSAGE });
      }
      expect(await eventsOf('user.followed', ben.id)).toEqual([]);
      expect(await counts(ana.id)).toEqual({ followers: 0, following: 0 });

      await ana.delete(`/users/${ben.id}/block`).expect(200);
      await ben.post(`/users/${ana.id}/follow`).expect(200);
      expect(await counts(ana.id)).toEqual({ followers: 1, following: 0 });
    });

    it("while either blocks the other, neither can accept the other's invite (403 with the message)", async () => {
      const [ana, ben] = [await newMember(), await newMember()];
      const anasCode = (await ana.post('/invites').expect(200)).body.inviteCode;
      const bensCode = (await ben.post('/invites').expect(200)).body.inviteCode;
      await ana.post(`/users/${ben.id}/block`).expect(200);

      const byBen = await ben.post(`/invites/${anasCode}/accept`).expect(403);
      expect(byBen.body).toMatchObject({ code: 'INVITE.BLOCKED', message: BLOCKED_INVITE_MESSAGE });
      await ana.post(`/invites/${bensCode}/accept`).expect(403);
      // Nothing happened: the invites stay open and no follow exists.
      await ben.get(`/invites/${anasCode}`).expect(200);
      expect(await eventsOf('invite.accepted', ben.id)).toEqual([]);
      expect(await counts(ben.id)).toEqual({ followers: 0, following: 0 });
    });

    it('keeps counts exact when follows race a block: the block wins, no follow survives it', async () => {
      const [ana, ben] = [await newMember(), await newMember()];

      await Promise.all([
        ...Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? ben.post(`/users/${ana.id}/follow`) : ana.post(`/users/${ben.id}/follow`)).then((r) =>
            expect([200, 403]).toContain(r.status),
          ),
        ),
        ana.post(`/users/${ben.id}/block`).expect(200),
      ]);

      expect(await counts(ana.id)).toEqual({ followers: 0, following: 0 });
      expect(await counts(ben.id)).toEqual({ followers: 0, following: 0 });
      const followed = (await eventsOf('user.followed', ben.id)).length;
      expect((await eventsOf('user.unfollowed', ben.id)).length).toBe(followed);
    });

    it('lists the members I blocked, newest first, with their display fields (mine only)', async () => {
      const ana = await newMember();
      const [ben, cat] = [await newMember('Benedict'), await newMember('Catalina')];
      await ana.post(`/users/${ben.id}/block`).expect(200);
      await ana.post(`/users/${cat.id}/block`).expect(200);
      await ben.post(`/users/${ana.id}/block`).expect(200);

      const list = (await ana.get('/blocks').expect(200)).body;
      expect(list).toEqual([
        {
          id: cat.id,
          firstName: 'Catalina',
          lastName: expect.any(String),
          profileName: null,
          profileImageUrl: null,
        },
        {
          id: ben.id,
          firstName: 'Benedict',
          lastName: expect.any(String),
          profileName: null,
          profileImageUrl: null,
        },
      ]);
      expect(
        (await ana.get('/blocks?limit=1&offset=1').expect(200)).body.map((m: { id: string }) => m.id),
      ).toEqual([ben.id]);
      expect((await ben.get('/blocks').expect(200)).body.map((m: { id: string }) => m.id)).toEqual([ana.id]);
      expect((await cat.get('/blocks').expect(200)).body).toEqual([]);
      await ana.get('/blocks?limit=1000').expect(400);
    });
  });

  describe("a member's version", () => {
    it('counts their block and mute changes across both kinds, repeats not counted', async () => {
      const [ana, ben, cat] = [await newMember(), await newMember(), await newMember()];

      await ana.post(`/users/${ben.id}/block`).expect(200);
      await ana.post(`/users/${cat.id}/mute`).expect(200);
      await ana.post(`/users/${cat.id}/mute`).expect(200);
      await ana.delete(`/users/${ben.id}/block`).expect(200);
      await ana.delete(`/users/${cat.id}/mute`).expect(200);
      // Ben's own change is his first.
      await ben.post(`/users/${ana.id}/mute`).expect(200);

      const versions = async (type: EventType) =>
        (await eventsOf(type, ana.id)).map((payload) => {
          const by = payload.blockerId ?? payload.muterId;
          return [type, by === ana.id ? 'ana' : 'ben', payload.version];
        });
      expect([
        ...(await versions('user.blocked')),
        ...(await versions('user.muted')),
        ...(await versions('user.unblocked')),
        ...(await versions('user.unmuted')),
      ]).toEqual([
        ['user.blocked', 'ana', 1],
        ['user.muted', 'ana', 2],
        ['user.muted', 'ben', 1],
        ['user.unblocked', 'ana', 3],
        ['user.unmuted', 'ana', 4],
      ]);
    });

    it("says the member's version in each answer (a repeat: the current one), for the gateway to wait on (ADR 0024)", async () => {
      const [ana, ben] = [await newMember(), await newMember()];
      const versionOf = (response: { headers: Record<string, string> }) =>
        Number(response.headers[SAFETY_VERSION_HEADER]);

      const answers = [
        await ana.post(`/users/${ben.id}/block`).expect(200),
        await ana.post(`/users/${ben.id}/block`).expect(200),
        await ana.post(`/users/${ben.id}/mute`).expect(200),
        await ana.delete(`/users/${ben.id}/mute`).expect(200),
        await ana.delete(`/users/${ben.id}/mute`).expect(200),
        await ana.delete(`/users/${ben.id}/block`).expect(200),
      ];

      expect(answers.map(versionOf)).toEqual([1, 1, 2, 3, 3, 4]);
      expect(answers[0].body).toEqual({ isBlocked: true });
      expect(versionOf(await ben.delete(`/users/${ana.id}/block`).expect(200))).toBe(0);
    });

    it('gives concurrent changes of one member each their own version, in commit order', async () => {
      const ana = await newMember();
      const others = await Promise.all(Array.from({ length: 10 }, () => newMember()));

      await Promise.all(others.map((other) => ana.post(`/users/${other.id}/mute`).expect(200)));

      const rows = (await outboxRows('social', 'user.muted')).filter(
        (row) => row.envelope.payload.muterId === ana.id,
      );
      // The outbox's order is the relay's: versions must rise along it.
      expect(rows.map((row) => row.envelope.payload.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });
  });

  describe('mute', () => {
    it('mutes and unmutes idempotently with one event each; follows stay; the list is mine', async () => {
      const [ana, ben] = [await newMember(), await newMember('Muted')];
      await ana.post(`/users/${ben.id}/follow`).expect(200);
      await ben.post(`/users/${ana.id}/follow`).expect(200);

      expect((await ana.post(`/users/${ben.id}/mute`).expect(200)).body).toEqual({ isMuted: true });
      await ana.post(`/users/${ben.id}/mute`).expect(200);

      expect(await eventsOf('user.muted', ben.id)).toEqual([
        { muterId: ana.id, mutedId: ben.id, version: 1 },
      ]);
      expect(await counts(ana.id)).toEqual({ followers: 1, following: 1 });
      expect((await ana.get('/mutes').expect(200)).body).toEqual([
        expect.objectContaining({ id: ben.id, firstName: 'Muted' }),
      ]);
      expect((await ben.get('/mutes').expect(200)).body).toEqual([]);
      // A mute refuses nothing: the muted member can still follow.
      await ben.delete(`/users/${ana.id}/follow`).expect(200);
      await ben.post(`/users/${ana.id}/follow`).expect(200);

      expect((await ana.delete(`/users/${ben.id}/mute`).expect(200)).body).toEqual({ isMuted: false });
      await ana.delete(`/users/${ben.id}/mute`).expect(200);
      expect(await eventsOf('user.unmuted', ben.id)).toHaveLength(1);
      expect((await ana.get('/mutes').expect(200)).body).toEqual([]);
    });

    it('refuses yourself (400 with a message), an unknown member (404) and guests (401)', async () => {
      const ana = await newMember();
      for (const method of ['post', 'delete'] as const) {
        const self = await ana[method](`/users/${ana.id}/mute`).expect(400);
        expect(self.body).toMatchObject({ code: 'MUTE.SELF', message: 'You cannot mute yourself.' });
        await ana[method](`/users/${UNKNOWN}/mute`).expect(404);
        await guest[method](`/users/${ana.id}/mute`).expect(401);
      }
      await guest.get('/mutes').expect(401);
    });
  });
});
