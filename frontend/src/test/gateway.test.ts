import { describe, expect, it } from 'vitest';
import { fakePost, fakeStatistics, fakeFetch, jsonResponse, textResponse } from './fakes';
import { answering, fakeRoute } from './gateway';

const request = { url: new URL('http://localhost/'), init: undefined };

describe('the fake gateway', () => {
  it("answers a route at its filled-in path with the contract's body as JSON", async () => {
    const post = fakePost();
    const { fetchImpl } = fakeFetch(fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post));

    const response = await fetchImpl(`/api/posts/${post.id}`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(post);
  });

  it('answers 204 for a route without a body, and a refusal as it is', async () => {
    const routes = {
      ...fakeRoute('DELETE /api/posts/:postId', { postId: 'p1' }, () => undefined),
      ...fakeRoute('GET /api/posts/:postId', { postId: 'p1' }, () => textResponse('', 404, 'Not Found')),
    };

    expect((await routes['DELETE /api/posts/p1'](request)).status).toBe(204);
    expect((await routes['GET /api/posts/p1'](request)).status).toBe(404);
  });

  it("refuses to compile a fake answering another shape than the route's", () => {
    // @ts-expect-error: statistics are more than a streak (the drift the home page's fake had)
    fakeRoute('GET /api/profile/:userId/statistics', { userId: 'u1' }, () => ({ currentStreak: 4 }));
    // @ts-expect-error: a post's badges are badges, not a post
    fakeRoute('GET /api/posts/:postId/badges', { postId: 'p1' }, () => [fakePost()]);
    // @ts-expect-error: an untyped JSON answer is neither the contract's body nor a refusal
    fakeRoute('GET /api/posts/:postId', { postId: 'p1' }, () => jsonResponse({}));
    expect(() =>
      // @ts-expect-error: the route has a path parameter
      fakeRoute('GET /api/profile/:userId/statistics', () => fakeStatistics()),
    ).toThrow(/no value for :userId/);
    // @ts-expect-error: a feed page is a list of posts
    answering<'GET /api/posts'>(() => fakePost());
    expect(fakeRoute('GET /api/badges', () => [])).toHaveProperty(['GET /api/badges']);
  });
});
