import { waitFor } from '@daybreak/testing';
import { member } from '../support/member-api';
import { rowsNaming } from '../support/member-traces';
import { OwnStack, startOwnStack } from '../support/own-stack';
import { asDatabaseOwner } from '../support/stack-env';

/**
 * Issue 42: a service that is down while a member deletes their account erases them from
 * `user.deleted` once it is back (its consumer group resumes where it stopped), behind a stack of
 * the test's own whose streaks process it stops.
 */
describe('a service down during an account deletion catches up when it is back', () => {
  let stack: OwnStack | undefined;

  beforeAll(async () => {
    stack = await startOwnStack();
  }, 240_000);
  afterAll(() => stack?.stopAll());

  it('streaks, stopped while the member leaves, erases them once started again', async () => {
    const databaseUrl = asDatabaseOwner(stack!.envOf('streaks').DATABASE_URL);
    const [del, ana] = await Promise.all([member(stack!.url, 'Gone'), member(stack!.url, 'Stays')]);
    expect((await del.post({ content: 'Up early' })).status).toBe(201);
    await del.follow(ana);
    await ana.follow(del);
    await waitFor(async () => (await rowsNaming(databaseUrl, del.id, ['streaks'])).length >= 3 || undefined, {
      description: "streaks to hold the member's post day, copy and follows",
    });

    expect(await stack!.stop('streaks')).toBe(0);
    try {
      expect((await del.call('DELETE', '/api/account', { confirm: 'DELETE' })).status).toBe(204);
      // The services that are up erase them; streaks, down, still holds its rows.
      await waitFor(
        async () =>
          (await rowsNaming(databaseUrl, del.id)).every((row) => row.startsWith('streaks.')) || undefined,
        { description: 'the running services to erase the member', timeoutMs: 30_000, intervalMs: 500 },
      );
      expect(await rowsNaming(databaseUrl, del.id, ['streaks'])).not.toEqual([]);
    } finally {
      await stack!.start('streaks');
    }

    const left = await waitFor(
      async () => {
        const rows = await rowsNaming(databaseUrl, del.id);
        return rows.length === 0 ? rows : undefined;
      },
      { description: 'streaks to catch up from user.deleted', timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(left).toEqual([]);
    expect((await ana.profileOf(ana)).body).toMatchObject({ followersCount: 0, followingCount: 0 });
  }, 180_000);
});
