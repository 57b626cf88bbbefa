import { member, type Member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';

/**
 * Read your own follows (issue 44): a member's next read after their own follow or unfollow shows
 * it, though streaks learns of it from an event tens of milliseconds later. No waiting between the
 * change and the read: that gap is what a member switching to LEADERBOARD gets.
 */
describe('read your own follows through the gateway', () => {
  const { baseUrl } = stackEnv();
  const sorted = (ids: Iterable<string>) => [...ids].sort();

  async function boardOf(viewer: Member): Promise<string[]> {
    const { status, body } = await viewer.leaderboard();
    expect(status).toBe(200);
    return sorted(body.map((entry) => entry.id));
  }

  it('the leaderboard, the following list and the count show each follow and unfollow in the very next read', async () => {
    const [ana, ...others] = await Promise.all(
      ['Rowana', 'Rowben', 'Rowcara', 'Rowdan'].map((name) => member(baseUrl, name)),
    );
    const followed = new Set<string>();

    for (let round = 0; round < 8; round++) {
      for (const other of others) {
        const follow = !followed.has(other.id);
        const answer = follow ? await ana.follow(other) : await ana.unfollow(other);
        expect(answer.status).toBe(200);
        if (follow) followed.add(other.id);
        else followed.delete(other.id);

        expect(await boardOf(ana)).toEqual(sorted([ana.id, ...followed]));
        const [own, following] = await Promise.all([ana.profileOf(ana), ana.followingOf(ana)]);
        expect(own.body.followingCount).toBe(followed.size);
        expect(sorted((following.body as { id: string }[]).map((user) => user.id))).toEqual(sorted(followed));
      }
    }
  });

  it('an accepted invite shows on both leaderboards at once', async () => {
    const [ana, cleo] = await Promise.all([member(baseUrl, 'Rowinviter'), member(baseUrl, 'Rowcleo')]);
    const { inviteCode } = (await ana.invite()).body;

    expect((await cleo.acceptInvite(inviteCode)).status).toBe(200);

    expect(await boardOf(cleo)).toEqual(sorted([ana.id, cleo.id]));
    expect(await boardOf(ana)).toEqual(sorted([ana.id, cleo.id]));
  });
});
