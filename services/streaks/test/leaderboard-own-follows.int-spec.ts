import { randomUUID } from 'node:crypto';
import { asViewer, fakeEvent, publishTestEvent, waitForConsumed } from '@daybreak/testing';
import request from 'supertest';
import { streaksUnderTest } from './streaks-under-test';

/** Read your own follows (issue 44): the viewer's recent changes count over the follow read model. */
describe('streaks: the leaderboard with the viewer’s own recent follows (real Postgres and Kafka)', () => {
  const { service } = streaksUnderTest();

  const board = (viewerId: string, query = '') =>
    request(service().url).get(`/leaderboard/weekly${query}`).set(asViewer('streaks', viewerId));
  const idsOn = async (viewerId: string, query = '') =>
    ((await board(viewerId, query).expect(200)).body as { id: string }[]).map((entry) => entry.id).sort();

  it('adds the members just followed and drops the ones just unfollowed, whatever the read model holds yet', async () => {
    const [ana, ben, cara] = [randomUUID(), randomUUID(), randomUUID()];
    await publishTestEvent(fakeEvent('user.registered', { userId: cara, profileName: 'Cara' }));
    const followed = await publishTestEvent(fakeEvent('user.followed', { followerId: ana, followeeId: ben }));
    await waitForConsumed('streaks', followed.eventId);
    expect(await idsOn(ana)).toEqual([ana, ben].sort());

    // Ana has just followed Cara and unfollowed Ben; their events are still on the way.
    const own = await board(ana, `?followed=${cara}&unfollowed=${ben}`).expect(200);
    expect(own.body.map((entry: { id: string }) => entry.id).sort()).toEqual([ana, cara].sort());
    expect(own.body.find((entry: { id: string }) => entry.id === cara)).toMatchObject({
      profileName: 'Cara',
      isCurrentUser: false,
    });
    // Once the events have arrived the same changes add nothing: no member twice.
    expect(await idsOn(ana, `?followed=${ben}`)).toEqual([ana, ben].sort());
  });

  it('refuses ids that are not UUIDs, and more than a member could have changed', async () => {
    const ana = randomUUID();
    await board(ana, '?followed=not-a-uuid').expect(400);
    const many = Array.from({ length: 101 }, () => randomUUID()).join(',');
    await board(ana, `?unfollowed=${many}`).expect(400);
  });
});
