import { BLOCKED_FOLLOW_MESSAGE } from '@daybreak/contracts';
import { member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/** Issue 42: blocks and mutes through the real gateway and social processes. */
describe('blocks and mutes through the gateway', () => {
  const { baseUrl } = stackEnv();

  it("blocks: the follows end both ways, a follow is refused with the message, each other's profile is not found, the list shows them", async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Blocka'), member(baseUrl, 'Blockben')]);
    await ana.follow(ben);
    await ben.follow(ana);

    expect(await ana.block(ben)).toMatchObject({ status: 200, body: { isBlocked: true } });

    // Each reads their own counts: the other's profile is not found to them while the block stands.
    const [anas, bens] = await Promise.all([ana.profileOf(ana), ben.profileOf(ben)]);
    expect([anas.body.followersCount, anas.body.followingCount]).toEqual([0, 0]);
    expect([bens.body.followersCount, bens.body.followingCount]).toEqual([0, 0]);
    expect((await ana.profileOf(ben)).status).toBe(404);
    expect((await ben.profileOf(ana)).status).toBe(404);
    expect(await ben.follow(ana)).toMatchObject({ status: 403, body: { message: BLOCKED_FOLLOW_MESSAGE } });
    expect((await ana.blocks()).body).toEqual([
      expect.objectContaining({ id: ben.id, firstName: 'Blockben' }),
    ]);
    expect((await ana.block(ana)).status).toBe(400);

    expect((await ana.unblock(ben)).body).toEqual({ isBlocked: false });
    expect((await ana.blocks()).body).toEqual([]);
    expect((await ana.profileOf(ben)).status).toBe(200);
    expect((await ben.follow(ana)).status).toBe(200);
  });

  it('mutes: listed for the muter alone, and the follows stay', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Mutea'), member(baseUrl, 'Muteben')]);
    await ana.follow(ben);

    expect((await ana.mute(ben)).body).toEqual({ isMuted: true });

    expect((await ana.mutes()).body).toEqual([expect.objectContaining({ id: ben.id })]);
    expect((await ben.mutes()).body).toEqual([]);
    expect((await ana.profileOf(ben)).body.isFollowing).toBe(true);
    expect((await ana.unmute(ben)).body).toEqual({ isMuted: false });
  });
});
