import { randomUUID } from 'node:crypto';
import type { EventType, HiddenContent, ModerationLogEntry } from '@daybreak/contracts';
import { outboxRows } from '@daybreak/testing';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

/** UNHIDE (ADR 0035): a moderator undoes a hide, in the list, the log and posts' event (real Postgres). */
describe('social: unhiding what moderators hid', () => {
  const service = socialUnderTest();

  const url = () => service().url;
  const newMember = () => newSocialMember(url, `U${randomUUID().slice(0, 6)}`);
  const newModerator = async () => {
    const member = await newMember();
    return { ...member, ...socialApi(url, member.id, { isModerator: true }) };
  };
  type Caller = ReturnType<typeof socialApi>;

  /** `reporter` reports a new post or comment of `authorId`'s, and `moderator` hides it. */
  async function hidden(type: 'post' | 'comment', authorId: string, reporter: Caller, moderator: Caller) {
    const targetId = randomUUID();
    const content = {
      authorId,
      postId: type === 'post' ? targetId : randomUUID(),
      content: 'Buy!',
      imageUrl: null,
    };
    const report = await reporter
      .post('/reports', { targetType: type, targetId, reason: 'spam', content })
      .expect(201);
    await moderator.post(`/moderation/reports/${report.body.id}/resolve`, { action: 'hide' }).expect(200);
    return { targetId, postId: content.postId };
  }
  const hiddenNow = async (moderator: Caller): Promise<HiddenContent[]> =>
    (await moderator.get('/moderation/hidden?limit=100').expect(200)).body;
  const payloadsOf = async (type: EventType, id: string) =>
    (await outboxRows('social', type))
      .map((row) => row.envelope.payload as Record<string, unknown>)
      .filter((payload) => Object.values(payload).includes(id));

  it('lists a hidden post, unhides it once: logged with its note, and posts told with post.hidden false', async () => {
    const [author, ben, moderator] = [await newMember(), await newMember(), await newModerator()];
    const { targetId } = await hidden('post', author.id, ben, moderator);
    expect((await hiddenNow(moderator)).find((item) => item.targetId === targetId)).toMatchObject({
      targetType: 'post',
      author: { id: author.id, firstName: author.firstName },
      text: 'Buy!',
      postId: targetId,
    });

    const answer = await moderator
      .post(`/moderation/hidden/post/${targetId}/unhide`, { note: 'Context made it fine' })
      .expect(200);
    await moderator.post(`/moderation/hidden/post/${targetId}/unhide`, {}).expect(200);

    expect(answer.body).toEqual({ isHidden: false });
    expect((await hiddenNow(moderator)).map((item) => item.targetId)).not.toContain(targetId);
    expect(await payloadsOf('post.hidden', targetId)).toEqual([
      { postId: targetId, authorId: author.id, moderatorId: moderator.id, hidden: true },
      { postId: targetId, authorId: author.id, moderatorId: moderator.id, hidden: false },
    ]);
    const audit: ModerationLogEntry[] = (await moderator.get('/moderation/audit').expect(200)).body;
    expect(audit.filter((entry) => entry.targetId === targetId)).toMatchObject([
      { action: 'unhide', targetType: 'post', subject: { id: author.id }, note: 'Context made it fine' },
      { action: 'hide', targetType: 'post' },
    ]);
  });

  it('unhides a comment with comment.hidden false', async () => {
    const [author, ben, moderator] = [await newMember(), await newMember(), await newModerator()];
    const { targetId } = await hidden('comment', author.id, ben, moderator);

    await moderator.post(`/moderation/hidden/comment/${targetId}/unhide`, {}).expect(200);

    expect((await payloadsOf('comment.hidden', targetId)).map((payload) => payload.hidden)).toEqual([
      true,
      false,
    ]);
  });

  it('is for moderators only (404 to members), and refuses a bad type, id or note', async () => {
    const [author, ben, moderator] = [await newMember(), await newMember(), await newModerator()];
    const { targetId } = await hidden('post', author.id, ben, moderator);

    await ben.post(`/moderation/hidden/post/${targetId}/unhide`, {}).expect(404);
    await ben.get('/moderation/hidden').expect(404);
    await socialApi(url, null).post(`/moderation/hidden/post/${targetId}/unhide`, {}).expect(401);
    await moderator.post(`/moderation/hidden/user/${targetId}/unhide`, {}).expect(400);
    await moderator.post('/moderation/hidden/post/not-an-id/unhide', {}).expect(400);
    const tooLong = await moderator
      .post(`/moderation/hidden/post/${targetId}/unhide`, { note: 'x'.repeat(501) })
      .expect(400);
    expect(tooLong.body.message).toMatch(/500 characters/);
    expect((await hiddenNow(moderator)).map((item) => item.targetId)).toContain(targetId);
  });
});
