import { SUSPENDED_MESSAGE } from '@daybreak/contracts';
import { E2E_MODERATOR } from '../support/identity';
import { member, type Member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';
import { until } from '../support/until';

/** Issue 42: a suspension through the real gateway, social and posts processes. */
describe('suspending a member', () => {
  const { baseUrl } = stackEnv();

  it('ends their sessions, hides their posts, refuses their writes after they sign in again, and unsuspending undoes it', async () => {
    const [ana, ben, moderator] = await Promise.all([
      member(baseUrl, 'Suspana'),
      member(baseUrl, 'Reportben'),
      member(baseUrl, E2E_MODERATOR),
    ]);
    const post = (await ana.post({ content: 'Spam, spam, spam' })).body.post;
    const report = await ben.report({ targetType: 'user', targetId: ana.id, reason: 'spam' });
    expect(report.status).toBe(201);

    const resolved = await moderator.resolveReport(report.body.id, { action: 'suspend', note: 'Spammer' });

    expect(resolved.body).toEqual({ resolved: 1, suspendedUserId: ana.id });
    expect((await ana.me()).status).toBe(401);
    const hidden = await until(
      () => ben.readPost(post),
      (answer) => answer.status === 404,
    );
    expect(hidden.status).toBe(404);
    expect((await moderator.suspended()).body.map((m) => m.id)).toContain(ana.id);

    const back: Member = await member(baseUrl, ana.identity);
    expect((await back.me()).body).toMatchObject({ id: ana.id, isSuspended: true });
    expect(await back.post({ content: 'Again' })).toMatchObject({
      status: 403,
      body: { code: 'ACCOUNT.SUSPENDED', message: SUSPENDED_MESSAGE },
    });
    expect((await back.like(post)).status).toBe(403);
    expect((await back.follow(ben)).status).toBe(403);
    expect((await back.readPost(post)).body).toMatchObject({ id: post.id, isHidden: true });

    expect((await moderator.unsuspend(ana)).body).toEqual({ isSuspended: false });
    expect((await back.me()).status).toBe(401);
    const again = await member(baseUrl, ana.identity);
    expect((await again.me()).body.isSuspended).toBeUndefined();
    expect((await again.post({ content: 'Sorry' })).status).toBe(201);
    expect(
      (
        await until(
          () => ben.readPost(post),
          (answer) => answer.status === 200,
        )
      ).status,
    ).toBe(200);
    const log = (await moderator.moderationLog()).body.filter((entry) => entry.subject.id === ana.id);
    expect(log.map((entry) => [entry.action, entry.note])).toEqual([
      ['unsuspend', null],
      ['suspend', 'Spammer'],
    ]);
  });

  it("is the moderators' alone: a member's decision is a 404", async () => {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Plainana'), member(baseUrl, 'Plainben')]);
    const report = await ben.report({ targetType: 'user', targetId: ana.id, reason: 'other' });
    expect((await ben.resolveReport(report.body.id, { action: 'suspend' })).status).toBe(404);
    expect((await ben.reportQueue()).status).toBe(404);
    expect((await ana.me()).status).toBe(200);
  });
});
