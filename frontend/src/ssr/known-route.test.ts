import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createAppRouter } from '@/router';
import { isKnownRoute } from './known-route';

const USER_ID = '3f1c2b8e-5d4a-4c6b-9e7f-0a1b2c3d4e5f';

/** The app's router at an address, its matches made as for a navigation there (nothing loaded). */
function routerAt(path: string) {
  return createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: [path] }));
}

/** Whether the router itself would show its not-found screen for the whole address. */
const showsNotFound = (path: string) =>
  routerAt(path)
    .matchRoutes(path)
    .some((match) => match._notFound);

describe('isKnownRoute', () => {
  const router = routerAt('/');

  const known = [
    '/',
    '/landing',
    '/landing/',
    '/blog',
    '/blog/any-article',
    `/post/${USER_ID}`,
    '/post/not-a-uuid',
    '/profile',
    `/profile/${USER_ID}`,
    '/invite',
    '/invite/SOMECODE',
    `/share/post/${USER_ID}`,
    '/create-post',
    '/following',
    '/notifications',
    '/moderation',
    '/test/celebration',
    '/test/streak-calculation',
  ];
  const unknown = [
    '/nothing-here',
    '/post',
    `/post/${USER_ID}/extra`,
    '/blog/a/b',
    '/test',
    '/test/unknown',
    '/.vite/x',
  ];

  it.each([
    ...known.map((path): [string, boolean] => [path, true]),
    ...unknown.map((path): [string, boolean] => [path, false]),
  ])(
    'says whether %s is a route (%s), as the router decides when it shows its not-found screen',
    (path, isRoute) => {
      expect(isKnownRoute(router, path)).toBe(isRoute);
      expect(showsNotFound(path)).toBe(!isRoute);
    },
  );
});
