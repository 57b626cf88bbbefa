import { describe, expect, it } from 'vitest';
import { fakePost, fakeStatistics, fakeFetch, jsonResponse, textResponse } from './fakes';
import { fakeRoute, fakeRouteAt, sent } from './gateway';

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
    fakeRouteAt('GET /api/posts', '/api/posts?limit=10&offset=0', () => fakePost());
    // @ts-expect-error: sent with headers or not, the body is the route's
    fakeRoute('GET /api/posts/:postId', { postId: 'p1' }, () => sent([fakePost()], { status: 201 }));
    expect(fakeRoute('GET /api/badges', () => [])).toHaveProperty(['GET /api/badges']);
  });

  it('answers a route at one address of it, query included, and refuses an address of another', async () => {
    const post = fakePost();
    const { fetchImpl } = fakeFetch(
      fakeRouteAt('GET /api/posts', '/api/posts?limit=10&offset=0', () => [post]),
    );

    expect(await (await fetchImpl('/api/posts?limit=10&offset=0')).json()).toEqual([post]);
    expect((await fetchImpl('/api/posts?limit=10&offset=10')).status).toBe(404);
    expect(() => fakeRouteAt('GET /api/posts/:postId', '/api/posts/p1/like', () => post)).toThrow(
      '/api/posts/p1/like is not an address of GET /api/posts/:postId',
    );
    expect(() => fakeRouteAt('GET /api/users', '/api/users/search?q=ben', () => [])).toThrow(
      /not an address/,
    );
  });

  it('sends the body with the status and headers given', async () => {
    const post = fakePost();
    const routes = fakeRoute('GET /api/posts/:postId', { postId: post.id }, () =>
      sent(post, { status: 201, headers: { 'X-Seen': 'yes' } }),
    );

    const response = await routes[`GET /api/posts/${post.id}`](request);

    expect([response.status, response.headers.get('X-Seen')]).toEqual([201, 'yes']);
    expect(await response.json()).toEqual(post);
  });
});
