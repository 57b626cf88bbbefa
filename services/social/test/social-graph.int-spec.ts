import { randomUUID } from 'node:crypto';
import { MAX_PAGE_OFFSET, PAGE_TOO_DEEP_MESSAGE } from '@daybreak/contracts';
import { outboxRows, queryTestDatabase } from '@daybreak/testing';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { FollowsService } from '../src/follows/follows.service';
import { NAME_SEARCH_TEXT } from '../src/users/user-list.queries';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Profiles, follows and people search: every route as a guest, the member and another member (invites: invites.int-spec). */
describe('social: profiles, follows and search (real Postgres and Kafka)', () => {
  const service = socialUnderTest();

  const api = (viewerId: string | null) => socialApi(() => service().url, viewerId);
  const newMember = (firstName?: string) => newSocialMember(() => service().url, firstName);

  const guest = api(null);

  describe('profiles', () => {
    it('shows a profile to guests, the member and others; the e-mail only to the member', async () => {
      const ana = await newMember();
      const ben = await newMember();

      const own = await ana.get(`/users/${ana.id}`).expect(200);
      const seenByBen = await ben.get(`/users/${ana.id}`).expect(200);
      const seenByGuest = await guest.get(`/users/${ana.id}`).expect(200);

      expect(own.body).toMatchObject({
        id: ana.id,
        email: ana.email,
        firstName: ana.firstName,
        bio: null,
        followersCount: 0,
        followingCount: 0,
        isFollowing: false,
      });
      expect(seenByBen.body).not.toHaveProperty('email');
      expect(seenByGuest.body).not.toHaveProperty('email');
      expect(seenByGuest.body.firstName).toBe(ana.firstName);
      await guest.get(`/users/${UNKNOWN}`).expect(404);
      await guest.get('/users/not-a-uuid').expect(400);
    });

    it('updates name and bio trimmed, publishes user.updated, and shows it in /me at once', async () => {
      const ana = await newMember();

      const updated = await ana
        .put('/users/me/profile', { profileName: '  Dawn Patrol ', bio: ' Up at five. ' })
        .expect(200);

      expect(updated.body).toMatchObject({ profileName: 'Dawn Patrol', bio: 'Up at five.' });
      expect((await ana.get(`/users/${ana.id}/me`)).body.profileName).toBe('Dawn Patrol');
      const events = (await outboxRows('social', 'user.updated')).filter(
        (row) => row.envelope.payload.userId === ana.id,
      );
      expect(events).toHaveLength(1);
      expect(events[0].envelope.payload).toMatchObject({ profileName: 'Dawn Patrol' });

      // The same values again change nothing and publish nothing.
      await ana.put('/users/me/profile', { profileName: 'Dawn Patrol', bio: 'Up at five.' }).expect(200);
      const after = (await outboxRows('social', 'user.updated')).filter(
        (row) => row.envelope.payload.userId === ana.id,
      );
      expect(after).toHaveLength(1);
    });

    it('refuses bad profile input with a 400 the UI can show, and guests with a 401', async () => {
      const ana = await newMember();
      const cases: [unknown, RegExp][] = [
        [{ profileName: 'x'.repeat(51), bio: '' }, /Profile name can be at most 50 characters\./],
        [{ profileName: 'ok', bio: 'x'.repeat(201) }, /Bio can be at most 200 characters\./],
        [{ profileName: 42, bio: 'ok' }, /profileName must be text/],
        [{ profileName: 'ok', bio: ['x'] }, /bio must be text/],
        [{}, /Send a profileName, a bio, or both\./],
      ];
      for (const [body, message] of cases) {
        const response = await ana.put('/users/me/profile', body);
        expect({ status: response.status, message: response.body.message }).toEqual({
          status: 400,
          message: expect.stringMatching(message),
        });
      }
      // 50 and 200 characters are fine.
      await ana.put('/users/me/profile', { profileName: 'x'.repeat(50), bio: 'y'.repeat(200) }).expect(200);
      await guest.put('/users/me/profile', { profileName: 'x', bio: 'y' }).expect(401);
    });

    it('stores an uploaded photo path and the time zone; refuses other URLs and unknown zones', async () => {
      const ana = await newMember();
      const photo = `/objects/${randomUUID()}`;

      await ana.put('/users/me/photo', { profileImageUrl: photo }).expect(200);
      await ana.put('/users/me/timezone', { timezone: 'America/New_York' }).expect(200);

      const profile = (await guest.get(`/users/${ana.id}`)).body;
      expect(profile).toMatchObject({ profileImageUrl: photo, timezone: 'America/New_York' });
      for (const url of [
        'https://evil.example/x.png',
        `/objects/../objects/${randomUUID()}`,
        `/objects/${randomUUID()}/..`,
        '/uploads/x',
      ])
        await ana.put('/users/me/photo', { profileImageUrl: url }).expect(400);
      const zone = await ana.put('/users/me/timezone', { timezone: 'Mars/Base' }).expect(400);
      expect(zone.body.message).toMatch(/Unknown time zone/);
      await guest.put('/users/me/timezone', { timezone: 'UTC' }).expect(401);
    });
  });

  describe('follows', () => {
    it('follows and unfollows idempotently, with exact counts and one event each', async () => {
      const ana = await newMember();
      const ben = await newMember();

      const first = await ana.post(`/users/${ben.id}/follow`).expect(200);
      const second = await ana.post(`/users/${ben.id}/follow`).expect(200);

      expect(first.body).toEqual({ isFollowing: true, followersCount: 1 });
      expect(second.body).toEqual({ isFollowing: true, followersCount: 1 });
      expect((await ana.get(`/users/${ben.id}`)).body).toMatchObject({
        isFollowing: true,
        followersCount: 1,
      });
      expect((await ana.get(`/users/${ana.id}`)).body.followingCount).toBe(1);
      const followed = (await outboxRows('social', 'user.followed')).filter(
        (row) => row.envelope.payload.followerId === ana.id,
      );
      expect(followed.map((row) => row.envelope.payload)).toEqual([
        { followerId: ana.id, followeeId: ben.id },
      ]);

      expect((await ana.delete(`/users/${ben.id}/follow`).expect(200)).body).toEqual({
        isFollowing: false,
        followersCount: 0,
      });
      await ana.delete(`/users/${ben.id}/follow`).expect(200);
      const unfollowed = (await outboxRows('social', 'user.unfollowed')).filter(
        (row) => row.envelope.payload.followerId === ana.id,
      );
      expect(unfollowed).toHaveLength(1);
      expect((await ana.get(`/users/${ana.id}`)).body.followingCount).toBe(0);
    });

    it("dates a follow made at a past time (the demo seed's) and its event then", async () => {
      const [ana, ben] = [await newMember(), await newMember()];
      const longAgo = new Date(Date.now() - 22 * 24 * 3_600_000);

      await service().app.get(FollowsService).follow(ana.id, ben.id, longAgo);

      const [event] = (await outboxRows('social', 'user.followed')).filter(
        (row) => row.envelope.payload.followerId === ana.id,
      );
      expect(event.envelope.occurredAt).toBe(longAgo.toISOString());
      const [follow] = await queryTestDatabase<{ created_at: Date }>(
        `SELECT created_at FROM social.follows WHERE follower_id = $1`,
        [ana.id],
      );
      expect(follow.created_at.toISOString()).toBe(longAgo.toISOString());
    });

    it('refuses following yourself (400), an unknown member (404) and guests (401)', async () => {
      const ana = await newMember();
      const self = await ana.post(`/users/${ana.id}/follow`).expect(400);
      expect(self.body).toMatchObject({ code: 'FOLLOW.SELF', message: 'You cannot follow yourself.' });
      expect((await ana.post(`/users/${UNKNOWN}/follow`).expect(404)).body.message).toBe('User not found');
      await ana.post('/users/not-a-uuid/follow').expect(400);
      await guest.post(`/users/${ana.id}/follow`).expect(401);
      await guest.delete(`/users/${ana.id}/follow`).expect(401);
    });

    it('keeps counts exact under 20 parallel follow/unfollow toggles by one member', async () => {
      const ana = await newMember();
      const others = await Promise.all([newMember(), newMember(), newMember()]);

      await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const target = others[i % others.length];
          return i % 2 === 0
            ? ana.post(`/users/${target.id}/follow`).expect(200)
            : ana.delete(`/users/${target.id}/follow`).expect(200);
        }),
      );

      const rows = await queryTestDatabase<{ followee_id: string }>(
        `SELECT followee_id FROM social.follows WHERE follower_id = $1`,
        [ana.id],
      );
      expect((await ana.get(`/users/${ana.id}`)).body.followingCount).toBe(rows.length);
      for (const other of others) {
        const profile = (await ana.get(`/users/${other.id}`)).body;
        const follows = rows.some((row) => row.followee_id === other.id);
        expect(profile).toMatchObject({ followersCount: follows ? 1 : 0, isFollowing: follows });
      }
      // Every committed change published exactly one event: follows minus unfollows = rows.
      const count = async (type: 'user.followed' | 'user.unfollowed') =>
        (await outboxRows('social', type)).filter((row) => row.envelope.payload.followerId === ana.id).length;
      expect((await count('user.followed')) - (await count('user.unfollowed'))).toBe(rows.length);
    });

    it('lists followers and following newest first, paged, with isFollowing for the viewer', async () => {
      const star = await newMember();
      const fans = [await newMember(), await newMember(), await newMember()];
      for (const fan of fans) await fan.post(`/users/${star.id}/follow`).expect(200);
      await star.post(`/users/${fans[0].id}/follow`).expect(200);

      const followers = await guest.get(`/users/${star.id}/followers`).expect(200);
      expect(followers.body.map((user: { id: string }) => user.id)).toEqual(
        [...fans].reverse().map((fan) => fan.id),
      );
      expect(followers.body[0]).not.toHaveProperty('email');
      const page = await star.get(`/users/${star.id}/followers?limit=2&offset=1`).expect(200);
      expect(
        page.body.map((user: { id: string; isFollowing: boolean }) => [user.id, user.isFollowing]),
      ).toEqual([
        [fans[1].id, false],
        [fans[0].id, true],
      ]);
      const following = await fans[0].get(`/users/${fans[0].id}/following`).expect(200);
      expect(following.body).toEqual([expect.objectContaining({ id: star.id, isFollowing: true })]);
      await guest.get(`/users/${UNKNOWN}/followers`).expect(404);
      await guest.get(`/users/${star.id}/following?limit=1000`).expect(400);
    });

    it('pages followers and following down to MAX_PAGE_OFFSET, and answers a deeper page 400 with a message', async () => {
      const star = await newMember();
      for (const list of ['followers', 'following']) {
        await guest.get(`/users/${star.id}/${list}?offset=${MAX_PAGE_OFFSET}`).expect(200);
        const deeper = await guest.get(`/users/${star.id}/${list}?offset=${MAX_PAGE_OFFSET + 1}`).expect(400);
        expect(deeper.body).toMatchObject({
          code: 'REQUEST.INVALID',
          message: `offset: ${PAGE_TOO_DEEP_MESSAGE}`,
        });
      }
    });
  });

  describe('people list and search', () => {
    it('lists members for FIND PEOPLE (members only), without the viewer, at most 100', async () => {
      const ana = await newMember();
      const ben = await newMember();
      await ana.post(`/users/${ben.id}/follow`).expect(200);

      const list = await ana.get('/users?limit=100').expect(200);

      expect(list.body.length).toBeLessThanOrEqual(100);
      expect(list.body.some((user: { id: string }) => user.id === ana.id)).toBe(false);
      expect(list.body.find((user: { id: string }) => user.id === ben.id)).toMatchObject({
        isFollowing: true,
      });
      await ana.get('/users?limit=101').expect(400);
      await guest.get('/users?limit=100').expect(401);
    });

    it('matches profile, first and last names case-insensitively, never e-mails', async () => {
      const tag = randomUUID().slice(0, 8);
      const searcher = await newMember();
      const byFirst = await newMember(`Zephyrine${tag}`);
      const byProfile = await newMember();
      await byProfile.put('/users/me/profile', { profileName: `Night Owl ${tag}` }).expect(200);

      const found = (q: string) =>
        searcher.get(`/users/search?q=${encodeURIComponent(q)}`).then((response) => {
          expect(response.status).toBe(200);
          return response.body.map((user: { id: string }) => user.id);
        });

      expect(await found(`zephyrine${tag.toUpperCase()}`)).toEqual([byFirst.id]);
      expect(await found(`owl ${tag}`)).toEqual([byProfile.id]);
      expect(await found(`Zephyrine${tag} Early`)).toEqual([byFirst.id]);
      // The e-mail holds the first name too, lower-cased with a sequence number: never matched.
      expect(await found(byFirst.email)).toEqual([]);
      expect(await found('@example.test')).toEqual([]);
      // LIKE wildcards are literal.
      expect(await found('%')).toEqual([]);
      const results = (await searcher.get(`/users/search?q=${tag}`)).body;
      expect(results.every((user: object) => !('email' in user))).toBe(true);
    });

    it('is served by the trigram index', async () => {
      const plan: { 'QUERY PLAN': string }[] = await service()
        .app.get(DataSource)
        .transaction(async (manager) => {
          // A test table is small enough that a sequential scan would win; ask whether the index can serve.
          await manager.query('SET LOCAL enable_seqscan = off');
          return manager.query(`EXPLAIN SELECT u.id FROM users u WHERE ${NAME_SEARCH_TEXT} ILIKE '%owl%'`);
        });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/users_name_search_idx/);
    });

    it('refuses blank or missing text (400) and guests (401); at most 50 results', async () => {
      const ana = await newMember();
      for (const q of ['', '%20%20', '%09']) {
        const response = await ana.get(`/users/search?q=${q}`).expect(400);
        expect(response.body.message).toMatch(/Please enter a name to search for\./);
      }
      await ana.get('/users/search').expect(400);
      await guest.get('/users/search?q=ana').expect(401);
      const many = await ana.get('/users/search?q=e').expect(200);
      expect(many.body.length).toBeLessThanOrEqual(50);
    });

    it('answers lists in a fixed number of queries whatever their length', async () => {
      const viewer = await newMember();
      const star = await newMember();
      const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
      const queriesFor = async (path: string) => {
        spy.mockClear();
        await viewer.get(path).expect(200);
        // The outbox relay polls on its own; count only this request's reads of users and follows.
        return spy.mock.calls.filter(([sql]) => /\b(users|follows)\b/.test(sql)).length;
      };
      try {
        await (await newMember()).post(`/users/${star.id}/follow`).expect(200);
        const one = await queriesFor(`/users/${star.id}/followers`);
        for (let i = 0; i < 5; i++) await (await newMember()).post(`/users/${star.id}/follow`).expect(200);
        expect(await queriesFor(`/users/${star.id}/followers`)).toBe(one);
        expect(await queriesFor('/users?limit=2')).toBe(await queriesFor('/users?limit=100'));
      } finally {
        spy.mockRestore();
      }
    });
  });
});
