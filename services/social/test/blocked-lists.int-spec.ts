import { randomUUID } from 'node:crypto';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

/**
 * Issue 42: while signed in, two members in a block (either way) do not see each other's profile
 * (404, the not-found state) and neither appears in the other's people lists; guests see everyone,
 * and an unblock brings it all back (real Postgres and Kafka).
 */
describe('social: a block hides the two members from each other', () => {
  const service = socialUnderTest();

  const api = (viewerId: string | null) => socialApi(() => service().url, viewerId);
  const guest = api(null);
  type Api = ReturnType<typeof api>;
  const newMember = (firstName: string) => newSocialMember(() => service().url, firstName);

  /** Ana, Ben and Cat, with names that share a tag only they have; Ana blocks Ben. */
  async function anaBlocksBen() {
    const tag = `Blk${randomUUID().slice(0, 8)}`;
    const ana = await newMember(`${tag}Ana`);
    const ben = await newMember(`${tag}Ben`);
    const cat = await newMember(`${tag}Cat`);
    return { tag, ana, ben, cat, block: () => ana.post(`/users/${ben.id}/block`).expect(200) };
  }

  const ids = async (viewer: Api, path: string): Promise<string[]> =>
    (await viewer.get(path).expect(200)).body.map((member: { id: string }) => member.id);

  it("answers 404 to either member for the other's profile and follow lists; guests and others still see both", async () => {
    const { ana, ben, cat, block } = await anaBlocksBen();
    await block();

    for (const [viewer, other] of [
      [ana, ben],
      [ben, ana],
    ]) {
      const profile = await viewer.get(`/users/${other.id}`).expect(404);
      expect(profile.body).toMatchObject({ code: 'USER.NOT_FOUND' });
      await viewer.get(`/users/${other.id}/followers`).expect(404);
      await viewer.get(`/users/${other.id}/following`).expect(404);
      await viewer.get(`/users/${viewer.id}`).expect(200);
    }
    for (const viewer of [guest, cat]) {
      await viewer.get(`/users/${ana.id}`).expect(200);
      await viewer.get(`/users/${ben.id}`).expect(200);
    }
    // The blocker still finds the member in their own list, to unblock them.
    expect(await ids(ana, '/blocks')).toEqual([ben.id]);
  });

  it("leaves each out of the other's search and FIND PEOPLE, whoever blocked", async () => {
    const { tag, ana, ben, cat, block } = await anaBlocksBen();
    await block();

    expect(await ids(ana, `/users/search?q=${tag}`)).toEqual([cat.id]);
    expect(await ids(ben, `/users/search?q=${tag}`)).toEqual([cat.id]);
    expect((await ids(cat, `/users/search?q=${tag}`)).sort()).toEqual([ana.id, ben.id].sort());

    const anasPeople = await ids(ana, '/users?limit=100');
    expect(anasPeople).toContain(cat.id);
    expect(anasPeople).not.toContain(ben.id);
    expect(await ids(ben, '/users?limit=100')).not.toContain(ana.id);
    expect(await ids(cat, '/users?limit=100')).toEqual(expect.arrayContaining([ana.id, ben.id]));
  });

  it("leaves each out of any member's followers and following lists; guests see everyone", async () => {
    const { ana, ben, cat, block } = await anaBlocksBen();
    await ana.post(`/users/${cat.id}/follow`).expect(200);
    await ben.post(`/users/${cat.id}/follow`).expect(200);
    await cat.post(`/users/${ana.id}/follow`).expect(200);
    await cat.post(`/users/${ben.id}/follow`).expect(200);
    await block();

    for (const side of ['followers', 'following']) {
      const path = `/users/${cat.id}/${side}`;
      expect(await ids(ana, path)).toEqual([ana.id]);
      expect(await ids(ben, path)).toEqual([ben.id]);
      expect((await ids(guest, path)).sort()).toEqual([ana.id, ben.id].sort());
      expect((await ids(cat, path)).sort()).toEqual([ana.id, ben.id].sort());
    }
  });

  it('pages after the filter: limit and offset count only the members shown', async () => {
    const { ana, ben, cat, block } = await anaBlocksBen();
    const dan = await newMember(`Dan${randomUUID().slice(0, 6)}`);
    const eve = await newMember(`Eve${randomUUID().slice(0, 6)}`);
    // Dan's followers, newest first: Eve, Ben, Cat.
    for (const follower of [cat, ben, eve]) await follower.post(`/users/${dan.id}/follow`).expect(200);
    await block();

    const followers = `/users/${dan.id}/followers`;
    expect(await ids(ana, `${followers}?limit=2`)).toEqual([eve.id, cat.id]);
    expect(await ids(ana, `${followers}?limit=1&offset=1`)).toEqual([cat.id]);
    expect(await ids(ana, `${followers}?limit=1&offset=2`)).toEqual([]);
    expect(await ids(guest, `${followers}?limit=1&offset=1`)).toEqual([ben.id]);
  });

  it('shows both to each other again after the unblock', async () => {
    const { tag, ana, ben, cat, block } = await anaBlocksBen();
    await ben.post(`/users/${cat.id}/follow`).expect(200);
    await block();
    await ana.delete(`/users/${ben.id}/block`).expect(200);

    await ana.get(`/users/${ben.id}`).expect(200);
    await ben.get(`/users/${ana.id}`).expect(200);
    expect((await ids(ana, `/users/search?q=${tag}`)).sort()).toEqual([ben.id, cat.id].sort());
    expect(await ids(ben, '/users?limit=100')).toContain(ana.id);
    expect(await ids(ana, `/users/${cat.id}/followers`)).toEqual([ben.id]);
  });
});
