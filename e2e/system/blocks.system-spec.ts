import { BLOCKED_FOLLOW_MESSAGE } from '@daybreak/contracts';
import { member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/** Issue 42: blocks and mutes through the real gateway and social processes. */
describe('blocks and mutes through the gateway', () => {
  const { baseUrl } = stackEnv();

  it('blocks: the follows end both ways, a follow is refused with the message, the list shows them', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Blocka'), member(baseUrl, 'Blockben')]);
    await ana.call('POST', `/api/users/${ben.id}/follow`);
    await ben.call('POST', `/api/users/${ana.id}/follow`);

    expect(await ana.call('POST', `/api/users/${ben.id}/block`)).toMatchObject({
      status: 200,
      body: { isBlocked: true },
    });

    const [anas, bens] = await Promise.all([
      ana.call('GET', `/api/profile/${ana.id}`),
      ana.call('GET', `/api/profile/${ben.id}`),
    ]);
    expect([anas.body.followersCount, anas.body.followingCount]).toEqual([0, 0]);
    expect([bens.body.followersCount, bens.body.followingCount]).toEqual([0, 0]);
    expect(await ben.call('POST', `/api/users/${ana.id}/follow`)).toMatchObject({
      status: 403,
      body: { message: BLOCKED_FOLLOW_MESSAGE },
    });
    expect((await ana.call('GET', '/api/blocks')).body).toEqual([
      expect.objectContaining({ id: ben.id, firstName: 'Blockben' }),
    ]);
    expect((await ana.call('POST', `/api/users/${ana.id}/block`)).status).toBe(400);

    expect((await ana.call('DELETE', `/api/users/${ben.id}/block`)).body).toEqual({ isBlocked: false });
    expect((await ana.call('GET', '/api/blocks')).body).toEqual([]);
    expect((await ben.call('POST', `/api/users/${ana.id}/follow`)).status).toBe(200);
  });

  it('mutes: listed for the muter alone, and the follows stay', async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Mutea'), member(baseUrl, 'Muteben')]);
    await ana.call('POST', `/api/users/${ben.id}/follow`);

    expect((await ana.call('POST', `/api/users/${ben.id}/mute`)).body).toEqual({ isMuted: true });

    expect((await ana.call('GET', '/api/mutes')).body).toEqual([expect.objectContaining({ id: ben.id })]);
    expect((await ben.call('GET', '/api/mutes')).body).toEqual([]);
    expect((await ana.call('GET', `/api/profile/${ben.id}`)).body.isFollowing).toBe(true);
    expect((await ana.call('DELETE', `/api/users/${ben.id}/mute`)).body).toEqual({ isMuted: false });
  });
});
