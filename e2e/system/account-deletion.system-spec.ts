import { DELETE_ACCOUNT_MESSAGE } from '@daybreak/contracts';
import { waitFor } from '@daybreak/testing';
import sharp from 'sharp';
import { type Member, member } from '../support/member-api';
import { imagesOf, rowsNaming, storedImages } from '../support/member-traces';
import { stackEnv } from '../support/stack-env';

const jpeg = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fb923c' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    { type: 'image/jpeg' },
  );

/** A post with a photo, as the SPA sends it. */
async function photoPost(author: Member, content: string) {
  const image = new File([await jpeg()], 'sunrise.jpg', { type: 'image/jpeg' });
  const created = await author.post({ content, image });
  expect(created.status).toBe(201);
  return created.body.post as { id: string; imageUrl: string };
}

/** A profile photo, as the SPA sets it: an upload URL, the upload, then the profile. */
async function profilePhoto(who: Member) {
  const { body } = await who.uploadIntent();
  const uploaded = await who.upload(body.uploadURL, await jpeg());
  expect((await who.setPhoto(uploaded.body.objectPath)).status).toBe(200);
}

/**
 * Issue 42: a member who posted (with a photo), liked, commented, followed and was followed deletes
 * their account. Afterwards no table of any service schema names them, no file of theirs is stored,
 * the others' counts are exact, and signing in again makes a new, empty member.
 */
describe('deleting an account erases the member everywhere', () => {
  const { baseUrl, databaseUrl } = stackEnv();

  it('leaves no row naming them in any schema, no file, and the others’ counts exact', async () => {
    const [del, ana, ben] = await Promise.all([
      member(baseUrl, 'Leaver'),
      member(baseUrl, 'Stayana'),
      member(baseUrl, 'Stayben'),
    ]);
    await profilePhoto(del);
    const delsPost = await photoPost(del, 'My last sunrise here');
    const anasPost = (await ana.post({ content: 'Ana at dawn' })).body.post;
    for (const liker of [del, ben]) expect((await liker.like(anasPost)).status).toBe(200);
    for (const author of [del, ben]) expect((await author.comment(anasPost, 'Morning!')).status).toBe(201);
    await ana.like(delsPost);
    await ana.comment(delsPost, 'Lovely light');
    await del.follow(ana);
    await ben.follow(del);
    await ana.follow(del);
    await ben.follow(ana);
    // What the others' services keep of them has arrived: ana's notifications from del.
    await waitFor(
      async () =>
        (await ana.notifications()).body.filter((n) => n.fromUserId === del.id).length >= 3 || undefined,
      { description: "ana's notifications of del's like, comment and follow" },
    );
    const images = await imagesOf(databaseUrl, del.id);
    expect(images).toHaveLength(2);
    expect(storedImages('e2e', images)).toHaveLength(2);
    expect(await rowsNaming(databaseUrl, del.id)).not.toEqual([]);

    const refused = await del.call('DELETE', '/api/account', { confirm: 'delete' });
    expect(refused).toMatchObject({ status: 400, body: { message: DELETE_ACCOUNT_MESSAGE } });
    expect((await del.call('DELETE', '/api/account')).status).toBe(400);
    const deleted = await del.call('DELETE', '/api/account', { confirm: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get('set-cookie')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await del.me()).status).toBe(401);

    const left = await waitFor(
      async () => {
        const rows = await rowsNaming(databaseUrl, del.id);
        return rows.length === 0 ? rows : undefined;
      },
      { description: 'every service to erase the member', timeoutMs: 30_000, intervalMs: 500 },
    ).catch(async (error: Error) => {
      throw new Error(`${error.message}: still ${JSON.stringify(await rowsNaming(databaseUrl, del.id))}`);
    });
    expect(left).toEqual([]);
    await waitFor(() => storedImages('e2e', images).length === 0, {
      description: 'media to remove their files',
    });

    const anasNow = (await ana.readPost(anasPost)).body;
    expect([anasNow.likesCount, anasNow.commentsCount]).toEqual([1, 1]);
    expect((await ana.readPost(delsPost)).status).toBe(404);
    const [anas, bens] = [(await ana.profileOf(ana)).body, (await ben.profileOf(ben)).body];
    expect([anas.followersCount, anas.followingCount]).toEqual([1, 0]);
    expect([bens.followersCount, bens.followingCount]).toEqual([0, 1]);
    expect((await ana.profileOf(del)).status).toBe(404);
    expect((await ana.notifications()).body.filter((n) => n.fromUserId === del.id)).toEqual([]);
    expect(JSON.stringify((await ana.feed({ limit: 50, offset: 0 })).body)).not.toContain(del.id);

    // The same person signs in again: a new member with nothing.
    const again = await member(baseUrl, del.identity);
    expect(again.id).not.toBe(del.id);
    const profile = (await again.profileOf(again)).body;
    expect(profile).toMatchObject({
      followersCount: 0,
      followingCount: 0,
      currentStreak: 0,
      longestStreak: 0,
      posts: [],
      profileImageUrl: null,
    });
  }, 120_000);

  it('refuses guests, and a member deletes and exports only their own account', async () => {
    const [owner, other] = await Promise.all([member(baseUrl, 'Keepowner'), member(baseUrl, 'Otherleaver')]);
    await owner.post({ content: 'Mine' });

    const guestCalls = [
      await fetch(`${baseUrl}/api/account`, {
        method: 'DELETE',
        headers: { origin: baseUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ confirm: 'DELETE' }),
      }),
      await fetch(`${baseUrl}/api/account/export`),
    ];
    expect(guestCalls.map((answer) => answer.status)).toEqual([401, 401]);

    const othersExport = await other.exportAccount();
    expect(othersExport.status).toBe(200);
    expect(othersExport.body.profile.id).toBe(other.id);
    expect(JSON.stringify(othersExport.body)).not.toContain(owner.id);

    // Whatever the body names, the deletion is the caller's.
    const gone = await other.call('DELETE', '/api/account', {
      confirm: 'DELETE',
      userId: owner.id,
      id: owner.id,
    });
    expect(gone.status).toBe(204);
    expect((await owner.me()).body.id).toBe(owner.id);
    expect((await owner.profileOf(owner)).body.posts).toHaveLength(1);
    expect((await other.me()).status).toBe(401);
  });
});
