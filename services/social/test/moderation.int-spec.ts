import { randomUUID } from 'node:crypto';
import type { EventType, ReportGroup } from '@daybreak/contracts';
import { outboxRows } from '@daybreak/testing';
import { socialUnderTest } from './social-under-test';
import { newSocialMember, socialApi } from './social-api';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Issue 42: reports, the moderator role, decisions and the audit log (real Postgres and Kafka). */
describe('social: reports and moderation', () => {
  const service = socialUnderTest();

  const url = () => service().url;
  const newMember = () => newSocialMember(url, `R${randomUUID().slice(0, 6)}`);
  /** A member the gateway vouches for as a moderator. */
  const newModerator = async () => {
    const member = await newMember();
    return { ...member, ...socialApi(url, member.id, { isModerator: true }) };
  };
  /** A post of `authorId`'s as the gateway found it for the reporter. */
  const postOf = (authorId: string) => ({
    authorId,
    postId: randomUUID(),
    content: 'Up at five!',
    imageUrl: null,
  });
  const reportPost = (reporter: { post: ReturnType<typeof socialApi>['post'] }, content = postOf(UNKNOWN)) =>
    reporter.post('/reports', { targetType: 'post', targetId: content.postId, reason: 'spam', content });

  async function payloadsOf(type: EventType, id: string): Promise<Record<string, string>[]> {
    return (await outboxRows('social', type))
      .map((row) => row.envelope.payload as Record<string, string>)
      .filter((payload) => Object.values(payload).includes(id));
  }

  async function groupOf(moderator: { get: ReturnType<typeof socialApi>['get'] }, targetId: string) {
    const queue: ReportGroup[] = (await moderator.get('/moderation/reports?status=open').expect(200)).body;
    return queue.find((group) => group.targetId === targetId);
  }

  it('files one report per member and target; a repeat answers the same id', async () => {
    const [author, ben, cat, moderator] = [
      await newMember(),
      await newMember(),
      await newMember(),
      await newModerator(),
    ];
    const post = postOf(author.id);

    const first = (await reportPost(ben, post).expect(201)).body;
    const again = (await reportPost(ben, post).expect(201)).body;
    await cat
      .post('/reports', { targetType: 'post', targetId: post.postId, reason: 'hate', content: post })
      .expect(201);

    expect(again).toEqual(first);
    const group = await groupOf(moderator, post.postId);
    expect(group).toMatchObject({
      targetType: 'post',
      target: { id: author.id, firstName: author.firstName, isSuspended: false },
      text: 'Up at five!',
      postId: post.postId,
      count: 2,
      reasons: { spam: 1, hate: 1 },
    });
    expect(group!.reports.map((report) => report.reporter.id)).toEqual([ben.id, cat.id]);
  });

  it('refuses guests, oneself, an unknown member and bad input', async () => {
    const ben = await newMember();
    await socialApi(url, null)
      .post('/reports', { targetType: 'user', targetId: ben.id, reason: 'spam' })
      .expect(401);
    await ben.post('/reports', { targetType: 'user', targetId: ben.id, reason: 'spam' }).expect(400);
    await ben.post('/reports', { targetType: 'user', targetId: UNKNOWN, reason: 'spam' }).expect(404);
    const tooLong = { targetType: 'user', targetId: UNKNOWN, reason: 'spam', details: 'x'.repeat(501) };
    expect((await ben.post('/reports', tooLong).expect(400)).body.message).toMatch(/500 characters/);
    await ben.post('/reports', { targetType: 'user', targetId: UNKNOWN, reason: 'rude' }).expect(400);
    await ben.post('/reports', { targetType: 'post', targetId: UNKNOWN, reason: 'spam' }).expect(400);
  });

  it('answers 404 on every moderation route to a member who is not a moderator', async () => {
    const [ben, author] = [await newMember(), await newMember()];
    const { id } = (await reportPost(ben, postOf(author.id)).expect(201)).body;
    await ben.get('/moderation/reports?status=open').expect(404);
    await ben.get('/moderation/audit').expect(404);
    await ben.get('/moderation/suspended').expect(404);
    await ben.post(`/moderation/reports/${id}/resolve`, { action: 'dismiss' }).expect(404);
    await ben.post(`/moderation/users/${author.id}/unsuspend`, {}).expect(404);
    await socialApi(url, null).get('/moderation/reports').expect(401);
  });

  it('hides a post: every report on it closes, each reporter is told, the audit log says who and why', async () => {
    const [author, ben, cat, moderator] = [
      await newMember(),
      await newMember(),
      await newMember(),
      await newModerator(),
    ];
    const post = postOf(author.id);
    const { id } = (await reportPost(ben, post).expect(201)).body;
    await reportPost(cat, post).expect(201);

    const answer = await moderator.post(`/moderation/reports/${id}/resolve`, {
      action: 'hide',
      note: 'Spam link',
    });

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ resolved: 2, suspendedUserId: null });
    expect(await groupOf(moderator, post.postId)).toBeUndefined();
    expect(await payloadsOf('post.hidden', post.postId)).toEqual([
      { postId: post.postId, authorId: author.id, moderatorId: moderator.id, hidden: true },
    ]);
    const resolved = await payloadsOf('report.resolved', post.postId);
    expect(resolved.map((payload) => payload.reporterId).sort()).toEqual([ben.id, cat.id].sort());
    expect(resolved.every((payload) => payload.action === 'hide')).toBe(true);
    const audit = (await moderator.get('/moderation/audit').expect(200)).body;
    expect(audit.find((entry: { targetId: string }) => entry.targetId === post.postId)).toMatchObject({
      action: 'hide',
      moderator: { id: moderator.id },
      subject: { id: author.id },
      targetType: 'post',
      note: 'Spam link',
    });
    await moderator.post(`/moderation/reports/${id}/resolve`, { action: 'dismiss' }).expect(409);
    // The report is closed: a new one by the same member is a new report.
    expect((await reportPost(ben, post).expect(201)).body.id).not.toBe(id);
  });

  it('dismisses without telling the content services; a member cannot be hidden', async () => {
    const [member, ben, moderator] = [await newMember(), await newMember(), await newModerator()];
    const { id } = (await ben.post('/reports', { targetType: 'user', targetId: member.id, reason: 'other' }))
      .body;
    await moderator.post(`/moderation/reports/${id}/resolve`, { action: 'hide' }).expect(400);
    expect(
      (await moderator.post(`/moderation/reports/${id}/resolve`, { action: 'dismiss' }).expect(200)).body,
    ).toEqual({
      resolved: 1,
      suspendedUserId: null,
    });
    expect(await payloadsOf('report.resolved', member.id)).toEqual([
      { reportId: id, reporterId: ben.id, targetType: 'user', targetId: member.id, action: 'dismiss' },
    ]);
    await moderator.post(`/moderation/reports/${UNKNOWN}/resolve`, { action: 'dismiss' }).expect(404);
  });

  it('suspends the author, lists them, and unsuspends them once', async () => {
    const [author, ben, moderator] = [await newMember(), await newMember(), await newModerator()];
    const { id } = (
      await ben.post('/reports', { targetType: 'user', targetId: author.id, reason: 'harassment' })
    ).body;

    const answer = await moderator
      .post(`/moderation/reports/${id}/resolve`, { action: 'suspend' })
      .expect(200);

    expect(answer.body).toEqual({ resolved: 1, suspendedUserId: author.id });
    expect(await payloadsOf('user.suspended', author.id)).toEqual([
      { userId: author.id, moderatorId: moderator.id },
    ]);
    const suspended = (await moderator.get('/moderation/suspended').expect(200)).body;
    expect(suspended.map((member: { id: string }) => member.id)).toContain(author.id);

    await moderator.post(`/moderation/users/${author.id}/unsuspend`, { note: 'Appeal accepted' }).expect(200);
    await moderator.post(`/moderation/users/${author.id}/unsuspend`, {}).expect(200);
    expect(await payloadsOf('user.unsuspended', author.id)).toHaveLength(1);
    const audit = (await moderator.get('/moderation/audit').expect(200)).body as {
      action: string;
      subject: { id: string };
    }[];
    expect(audit.filter((entry) => entry.subject.id === author.id).map((entry) => entry.action)).toEqual([
      'unsuspend',
      'suspend',
    ]);
    await moderator.post(`/moderation/users/${UNKNOWN}/unsuspend`, {}).expect(404);
  });
});
