import { feedPageUrl, type CurrentUser, type Post } from '@daybreak/contracts';
import { jsonResponse, textResponse, type FakeRoute } from './fakes';

/** Gateway answers for a signed-in member, with nothing unread and no streak yet. */
export function memberRoutes(user: CurrentUser): Record<string, FakeRoute> {
  return {
    'GET /api/auth/user': () => jsonResponse(user),
    'GET /api/notifications/unread-count': () => jsonResponse({ count: 0 }),
    [`GET /api/profile/${user.id}/statistics`]: () => jsonResponse({ currentStreak: 0 }),
  };
}

export const guestRoutes: Record<string, FakeRoute> = {
  'GET /api/auth/user': () => textResponse('Unauthorized', 401, 'Unauthorized'),
};

/** The first feed page. */
export function feedRoute(posts: Post[]): Record<string, FakeRoute> {
  return { [`GET ${feedPageUrl(0)}`]: () => jsonResponse(posts) };
}

/** A promise the test resolves when it chooses, to look at the screen while a request is in flight. */
export function pending<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
