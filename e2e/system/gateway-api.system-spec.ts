import { waitFor } from '@daybreak/testing';
import { guest, member, postForm, refusalOf } from '../support/member-api';
import { stackEnv, zoneWhereItIsFiveAmNow } from '../support/stack-env';

/** The public API through the real gateway, services, Redis, Kafka and the dev identity provider. */
describe('gateway API as guests and members see it', () => {
  const { baseUrl, postsUrl } = stackEnv();

  async function setup() {
    const [ana, ben] = await Promise.all([member(baseUrl, 'Ana'), member(baseUrl, 'Ben')]);
    const created = await ana.post({ content: 'First light', timezone: 'Europe/Paris' });
    expect(created.status).toBe(201);
    return { ana, ben, post: created.body.post };
  }

  it('creates a post from the multipart form and answers post, newBadges and nextEligibleBadges', async () => {
    const { ana, post } = await setup();
    expect(post).toMatchObject({
      content: 'First light',
      userId: ana.id,
      timezone: 'Europe/Paris',
      likesCount: 0,
    });

    const embedded = await waitFor(
      async () => {
        const { body } = await guest(baseUrl).readPost(post);
        return body.user.firstName ? body.user : undefined;
      },
      { description: 'the author in the feed' },
    );
    expect(embedded).toMatchObject({ id: ana.id, firstName: 'Ana', lastName: 'Early' });
  });

  it('lets guests read but not act', async () => {
    const { post } = await setup();
    const visitor = guest(baseUrl);

    expect((await visitor.feed({ limit: 10, offset: 0 })).status).toBe(200);
    expect((await visitor.commentsOf(post)).status).toBe(200);
    expect((await visitor.me()).status).toBe(401);
    for (const [method, path, body] of [
      ['POST', '/api/posts', postForm({ content: 'x', timezone: 'UTC' })],
      ['POST', `/api/posts/${post.id}/like`, undefined],
      ['GET', `/api/posts/${post.id}/like-status`, undefined],
      ['POST', `/api/posts/${post.id}/comments`, { content: 'hi' }],
      ['DELETE', `/api/posts/${post.id}`, undefined],
    ] as const) {
      const response = await visitor.call(method, path, body);
      expect({ path, method, status: response.status }).toEqual({ path, method, status: 401 });
    }
  });

  it('likes, comments and deletes with the owner and another member in their roles', async () => {
    const { ana, ben, post } = await setup();

    expect((await ben.like(post)).body).toEqual({
      isLiked: true,
      likesCount: 1,
    });
    expect((await ben.likeStatus(post)).body).toEqual({ isLiked: true });
    const comment = await ben.comment(post, '  Bravo  ');
    expect(comment.status).toBe(201);
    expect(comment.body.content).toBe('Bravo');

    expect((await ben.deletePost(post)).status).toBe(403);
    expect((await ana.deleteComment(post, comment.body)).status).toBe(204);
    expect((await ana.deletePost(post)).status).toBe(204);
    expect((await guest(baseUrl).readPost(post)).status).toBe(404);
  });

  it('answers bad input with a 4xx and a message the UI can show', async () => {
    const { ana, post } = await setup();
    const cases = [
      [await ana.post({ content: '   ' }), 400, /Please add some content or an image to your post\./],
      [await ana.post({ content: 'hi', timezone: 'Mars/Base' }), 400, /Unknown time zone/],
      [await ana.call('POST', '/api/posts', postForm({ content: 'hi' })), 400, /timezone is required/],
      [await ana.comment(post, ''), 400, /Please write something/],
      [await ana.call('GET', '/api/posts/not-a-uuid'), 400, /uuid/i],
      [await ana.call('GET', '/api/posts/00000000-0000-4000-8000-000000000000'), 404, /Post not found/],
      [await ana.call('GET', '/api/posts?limit=1000'), 400, /limit/],
    ] as const;
    for (const [response, status, message] of cases) {
      expect(response.status).toBe(status);
      expect(refusalOf(response).message).toMatch(message);
    }
  });

  it('refuses a state-changing request from another site', async () => {
    const { ana } = await setup();
    const response = await ana.call('POST', '/api/posts', postForm({ content: 'csrf', timezone: 'UTC' }), {
      origin: 'https://evil.example',
    });
    expect(response).toMatchObject({
      status: 403,
      body: expect.objectContaining({ code: 'AUTH.BAD_ORIGIN' }),
    });
  });

  it('rate-limits posting per member', async () => {
    // A new member's window opens at their first post and lasts a minute (rate-limit.guard.ts), so
    // these 21 posts, a few seconds' work, always fall into one window: 20 pass, the 21st does not.
    const ana = await member(baseUrl, 'Rapid');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (await ana.call('POST', '/api/posts', postForm({ content: `burst ${i}`, timezone: 'UTC' }))).status,
      );
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('serves the test pages’ data, post badges, the SPA and JSON 404s', async () => {
    const { post } = await setup();
    const visitor = guest(baseUrl);
    expect((await visitor.emptyPosts()).body).toEqual([]);
    expect((await visitor.badgesOfPost(post)).status).toBe(200);
    expect((await visitor.call('GET', '/api/posts/00000000-0000-4000-8000-000000000000/badges')).status).toBe(
      404,
    );
    // No post has that id: a 404, with the SPA's page all the same (its not-found screen; ADR 0032).
    const spa = await visitor.call('GET', '/post/anything');
    expect(spa.status).toBe(404);
    // Rendered on the server or the shell (ADR 0032): the SPA's root either way.
    expect(String(spa.body)).toMatch(/<div id="root"( data-server-rendered)?>/);
    expect((await visitor.call('GET', '/api/no-such-route')).status).toBe(404);
  });

  it('keeps services closed to callers that do not come through the gateway', async () => {
    const response = await fetch(`${postsUrl}/posts`);
    expect(response.status).toBe(401);
  });

  it('shows a member’s statistics: a 5 AM post starts a streak, for anyone to see', async () => {
    const ana = await member(baseUrl, 'Ana');
    const posted = await ana.post({ content: 'Up at five', timezone: zoneWhereItIsFiveAmNow() });
    expect(posted.body.post.isEarlyMorning).toBe(true);

    const statistics = await waitFor(
      async () => {
        const { body } = await guest(baseUrl).statisticsOf(ana);
        return body.fiveAmPostsCount + body.sixAmPostsCount === 1 ? body : undefined;
      },
      { description: 'the post to reach the streaks service' },
    );
    expect(statistics).toMatchObject({ currentStreak: 1, longestStreak: 1 });
    expect(statistics.last30DaysActivity).toHaveLength(30);
    expect(['5am', '6am']).toContain(statistics.last30DaysActivity.at(-1)!.activityType);
    expect((await guest(baseUrl).call('GET', '/api/profile/not-a-uuid/statistics')).status).toBe(400);
  });

  it('awards badges with a 5 AM post: create answer, profile, post, leaderboard and streak test', async () => {
    const ana = await member(baseUrl, 'Ana');
    const posted = await ana.post({ content: 'Badge morning', timezone: zoneWhereItIsFiveAmNow() });
    const firstLight = expect.objectContaining({ id: 'first-light', emoji: '🌅' });
    expect(posted.body.newBadges).toEqual([firstLight]);
    expect(posted.body.nextEligibleBadges).toHaveLength(3);

    const visitor = guest(baseUrl);
    expect((await visitor.badgesOf(ana)).body).toEqual([
      expect.objectContaining({ id: 'first-light', earnedAt: expect.any(String) }),
    ]);
    expect((await visitor.badgesOfPost(posted.body.post)).body).toEqual([firstLight]);
    const catalogue = (await visitor.badgeCatalogue()).body;
    expect(catalogue.length).toBeGreaterThanOrEqual(15);

    expect((await visitor.call('GET', '/api/following/leaderboard/weekly')).status).toBe(401);
    const board = (await ana.leaderboard()).body;
    expect(board).toEqual([
      expect.objectContaining({ id: ana.id, isCurrentUser: true, fiveAmDaysThisWeek: 1 }),
    ]);

    const streakTest = `/api/test/streak-calculation/${ana.id}?timezone=Europe/London`;
    expect((await visitor.call('GET', streakTest)).status).toBe(401);
    const result = (await ana.streakTest(ana, { timezone: 'Europe/London' })).body;
    expect(result.currentStats.fiveAmPostsCount).toBe(1);
    expect(result.earlyPosts).toEqual([expect.objectContaining({ content: 'Badge morning' })]);
  });
});
