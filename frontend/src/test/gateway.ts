import {
  feedPageUrl,
  type CurrentUser,
  type Post,
  type ProfileWithPosts,
  type UserSummary,
} from '@daybreak/contracts';
import { fakeStatistics, jsonResponse, textResponse, type FakeRoute } from './fakes';

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

/** A profile's page: the profile, its statistics, no badges. */
export function profileRoutes(profile: ProfileWithPosts): Record<string, FakeRoute> {
  return {
    [`GET /api/profile/${profile.id}`]: () => jsonResponse(profile),
    [`GET /api/profile/${profile.id}/statistics`]: () => jsonResponse(fakeStatistics()),
    [`GET /api/profile/${profile.id}/badges`]: () => jsonResponse([]),
    'GET /api/badges': () => jsonResponse([]),
  };
}

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

/**
 * The viewer's blocks and mutes, held in `lists` (which the test may read): `GET /api/blocks` and
 * `GET /api/mutes`, and for each of `members` the block and mute routes, changing the lists as the
 * gateway would (a repeat changes nothing).
 */
export function safetyRoutes(
  lists: { blocked: UserSummary[]; muted: UserSummary[] },
  members: UserSummary[],
): Record<string, FakeRoute> {
  const routes: Record<string, FakeRoute> = {
    'GET /api/blocks': () => jsonResponse(lists.blocked),
    'GET /api/mutes': () => jsonResponse(lists.muted),
  };
  for (const member of members)
    for (const [kind, list, field] of [
      ['block', 'blocked', 'isBlocked'],
      ['mute', 'muted', 'isMuted'],
    ] as const) {
      routes[`POST /api/users/${member.id}/${kind}`] = () => {
        if (!lists[list].some((listed) => listed.id === member.id)) lists[list] = [member, ...lists[list]];
        return jsonResponse({ [field]: true });
      };
      routes[`DELETE /api/users/${member.id}/${kind}`] = () => {
        lists[list] = lists[list].filter((listed) => listed.id !== member.id);
        return jsonResponse({ [field]: false });
      };
    }
  return routes;
}
