import { createElement } from 'react';
import { fakePost, fakeFetch, jsonResponse, textResponse } from './fakes';
import { fakeRoute, feedRoute, guestRoutes, type FakeRoutes } from './gateway';
import { renderApp } from './render-app';
import { renderComponent } from './render-component';

/**
 * Never run (vitest runs *.test.ts): typecheck reads it. Each `@ts-expect-error` holds only while
 * the faked gateway takes routes made by `fakeRoute` (or a helper built on it) alone, so typecheck
 * fails if a raw `METHOD path` key with an untyped answer becomes acceptable again.
 */
export function rawRoutesAreRefused(): void {
  const post = fakePost();

  // @ts-expect-error: a raw route answers JSON no contract checks
  renderApp('/', { 'GET /api/posts': () => jsonResponse([post]) });

  renderApp('/', {
    ...guestRoutes,
    ...feedRoute([post]),
    // @ts-expect-error: spread among typed routes, a raw one is still refused
    'GET /api/posts/b0a7b0a7-0000-4000-8000-000000000001': () => jsonResponse(post),
  });

  // @ts-expect-error: a refusal is typed, but the route it answers is not
  renderComponent(() => createElement('p'), { 'DELETE /api/account': () => textResponse('', 429) });

  const extra: FakeRoutes = {
    ...fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post),
    // @ts-expect-error: a helper's routes are `FakeRoutes`, with no room for a raw one
    'POST /api/sessions/revoke-all': () => new Response(null, { status: 204 }),
  };

  // @ts-expect-error: the fetch stand-in takes typed routes too
  fakeFetch({ 'GET /api/auth/user': async () => jsonResponse({}) });

  void extra;
}
