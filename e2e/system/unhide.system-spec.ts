import { E2E_MODERATOR } from '../support/identity';
import { member } from '../support/member-api';
import { stackEnv } from '../support/stack-env';
import { until } from '../support/until';

/** ADR 0035: a hide and its undo through the real gateway, social and posts processes. */
describe('hiding and unhiding a post', () => {
  const { baseUrl } = stackEnv();

  it('a hidden post takes no likes or comments but its author sees it; UNHIDE shows it to everyone again', async () => {
    const [ana, ben, moderator] = await Promise.all([
      member(baseUrl, 'Hideana'),
      member(baseUrl, 'Hideben'),
      member(baseUrl, E2E_MODERATOR),
    ]);
    const post = (await ana.post({ content: 'Borderline joke' })).body.post;
    const report = await ben.report({ targetType: 'post', targetId: post.id, reason: 'other' });
    await moderator.resolveReport(report.body.id, { action: 'hide' });
    await until(
      () => ben.readPost(post),
      (answer) => answer.status === 404,
    );

    expect(await ben.like(post)).toMatchObject({ status: 404, body: { message: 'Post not found' } });
    expect((await ben.comment(post, 'hello?')).status).toBe(404);
    expect((await ana.readPost(post)).body).toMatchObject({ isHidden: true });
    expect((await moderator.hidden()).body.map((item) => item.targetId)).toContain(post.id);

    expect((await moderator.unhidePost(post.id)).body).toEqual({ isHidden: false });

    const shown = await until(
      () => ben.readPost(post),
      (answer) => answer.status === 200,
    );
    expect(shown.body).toMatchObject({ id: post.id, isHidden: false });
    expect((await ben.like(post)).status).toBe(200);
    expect((await moderator.hidden()).body.map((item) => item.targetId)).not.toContain(post.id);
    const log = (await moderator.moderationLog()).body.filter((entry) => entry.targetId === post.id);
    expect(log.map((entry) => entry.action)).toEqual(['unhide', 'hide']);
    expect((await ben.unhidePost(post.id)).status).toBe(404);
  });
});
