import { randomUUID } from 'node:crypto';
import { waitFor } from '@daybreak/testing';
import sharp from 'sharp';
import { guest, member, refusalOf, type Member } from '../support/member-api';
import { stackEnv, zoneWhereItIsFiveAmNow } from '../support/stack-env';

/** Profiles, follows and invites through the real gateway, social, streaks, posts and media processes. */
describe('social through the gateway', () => {
  const { baseUrl } = stackEnv();

  /** Uploads a small photo the way the SPA does (upload URL, then PUT) and answers its path. */
  async function uploadPhoto(caller: Member): Promise<string> {
    const { body } = await caller.uploadIntent();
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fb923c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await caller.upload(
      body.uploadURL,
      new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    );
    expect(uploaded.status).toBe(200);
    return uploaded.body.objectPath;
  }

  it('puts a profile together from social, streaks and posts; the e-mail only for the member', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Ana'), member(baseUrl, 'Ben')]);
    const posted: string[] = [];
    for (const content of ['First', 'Second', 'Third']) {
      const created = await ana.post({ content, timezone: zoneWhereItIsFiveAmNow() });
      posted.push(created.body.post.id);
    }
    expect((await ben.follow(ana)).body).toEqual({
      isFollowing: true,
      followersCount: 1,
    });

    const profile = await waitFor(
      async () => {
        const { body } = await ben.profileOf(ana, { limit: 2, offset: 0 });
        return body.currentStreak === 1 ? body : undefined;
      },
      { description: "Ana's early posts to reach the streaks service" },
    );
    expect(profile).toMatchObject({
      id: ana.id,
      firstName: 'Ana',
      followersCount: 1,
      followingCount: 0,
      isFollowing: true,
      currentStreak: 1,
      longestStreak: 1,
    });
    expect(profile).not.toHaveProperty('email');
    expect(profile.posts.map((post: { id: string }) => post.id)).toEqual([posted[2], posted[1]]);
    const nextPage = await ben.profileOf(ana, { limit: 2, offset: 2 });
    expect(nextPage.body.posts.map((post: { id: string }) => post.id)).toEqual([posted[0]]);

    const own = await ana.profileOf(ana);
    expect(own.body.email).toMatch(/@example\.test$/);
    expect((await guest(baseUrl).profileOf(ana)).body).toMatchObject({
      isFollowing: false,
    });
    const unknown = await guest(baseUrl).profileOf(randomUUID());
    expect(unknown).toMatchObject({
      status: 404,
      body: expect.objectContaining({ message: 'User not found' }),
    });
    expect((await guest(baseUrl).call('GET', '/api/profile/not-a-uuid')).status).toBe(400);
  });

  it('sets a photo the member uploaded, and refuses any other URL without fetching it', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Ana'), member(baseUrl, 'Ben')]);
    const bensPhoto = await uploadPhoto(ben);
    const anasPhoto = await uploadPhoto(ana);

    for (const profileImageUrl of [
      bensPhoto,
      'https://evil.example/photo.jpg',
      `/objects/../objects/${anasPhoto.split('/')[2]}`,
      `${anasPhoto}/..`,
      `/objects/${randomUUID()}`,
      42,
    ]) {
      const refused = await ana.call('PUT', '/api/profile-photo', { profileImageUrl });
      expect({ url: profileImageUrl, status: refused.status, code: refusalOf(refused).code }).toEqual({
        url: profileImageUrl,
        status: 400,
        code: 'PROFILE.PHOTO_NOT_YOURS',
      });
    }

    expect((await ana.call('PUT', '/api/profile-photo', { profileImageUrl: anasPhoto })).status).toBe(200);
    expect((await ana.me()).body.profileImageUrl).toBe(anasPhoto);
    expect(
      (await guest(baseUrl).call('PUT', '/api/profile-photo', { profileImageUrl: anasPhoto })).status,
    ).toBe(401);
  });

  it('carries a new profile name to the author of the member’s posts in the feed (user.updated)', async () => {
    const ana = await member(baseUrl, 'Ana');
    const created = await ana.post({ content: 'Rename me' });
    const postId: string = created.body.post.id;
    const newName = `Dawn ${randomUUID().slice(0, 6)}`;

    const updated = await ana.editProfile({ profileName: `  ${newName} `, bio: 'Up early.' });

    expect(updated.status).toBe(200);
    expect((await ana.me()).body.profileName).toBe(newName);
    const author = await waitFor(
      async () => {
        const { body } = await guest(baseUrl).feed({ limit: 50, offset: 0 });
        const post = body.find((candidate: { id: string }) => candidate.id === postId);
        return post?.user.profileName === newName ? post.user : undefined;
      },
      { description: 'the new name to reach the feed' },
    );
    expect(author).toMatchObject({ id: ana.id, profileName: newName });
    const tooLong = await ana.editProfile({ profileName: 'x'.repeat(51), bio: '' });
    expect(tooLong).toMatchObject({
      status: 400,
      body: expect.objectContaining({ message: expect.stringMatching(/at most 50 characters/) }),
    });
  });

  it('finds people, follows, and invites: a guest sees the inviter; accepting makes both follow', async () => {
    const [ana, cara] = await Promise.all([member(baseUrl, 'Ana'), member(baseUrl, 'Cara')]);
    const name = `Lark${randomUUID().slice(0, 6)}`;
    await ana.editProfile({ profileName: name, bio: '' });

    const found = await cara.search(name.toLowerCase());
    expect(found.body).toEqual([
      expect.objectContaining({ id: ana.id, profileName: name, isFollowing: false }),
    ]);
    expect((await cara.call('GET', '/api/users/search?q=%20')).status).toBe(400);
    expect((await guest(baseUrl).call('GET', '/api/users?limit=100')).status).toBe(401);
    expect((await cara.call('GET', '/api/users?limit=100')).status).toBe(200);

    const { inviteCode } = (await ana.invite()).body;
    const lookup = await guest(baseUrl).lookUpInvite(inviteCode);
    expect(lookup.body).toEqual({
      inviter: {
        profileName: name,
        firstName: 'Ana',
        lastName: 'Early',
        profileImageUrl: null,
        streakCount: 0,
        isCurrentUser: false,
      },
    });
    const ownLookup = await ana.lookUpInvite(inviteCode);
    expect(ownLookup.body.inviter.isCurrentUser).toBe(true);
    expect((await guest(baseUrl).call('GET', '/api/invites/not..a..code')).status).toBe(400);
    expect((await guest(baseUrl).call('GET', '/api/invites/AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await ana.acceptInvite(inviteCode)).status).toBe(400);
    expect((await cara.acceptInvite(inviteCode)).status).toBe(200);

    const following = await ana.followingOf(ana);
    expect(following.body).toEqual([expect.objectContaining({ id: cara.id, isFollowing: true })]);
    const followers = await guest(baseUrl).followersOf(ana);
    expect(followers.body.map((user: { id: string }) => user.id)).toEqual([cara.id]);
    expect((await cara.unfollow(ana)).body).toEqual({
      isFollowing: false,
      followersCount: 0,
    });
    expect((await cara.follow(cara)).status).toBe(400);
  });

  it('stores the time zone the browser sends, and refuses one that does not exist', async () => {
    const ana = await member(baseUrl, 'Ana');
    expect((await ana.setTimezone('Asia/Tokyo')).status).toBe(200);
    expect((await ana.profileOf(ana)).body.timezone).toBe('Asia/Tokyo');
    const refused = await ana.setTimezone('Mars/Base');
    expect(refused).toMatchObject({
      status: 400,
      body: expect.objectContaining({ message: expect.any(String) }),
    });
  });
});
