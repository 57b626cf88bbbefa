import {
  feedPageUrl,
  fillRoute,
  type ApiAnswer,
  type ApiRoute,
  type CurrentUser,
  type Post,
  type ProfileWithPosts,
  type RouteParamsArgs,
  type UserSummary,
} from '@daybreak/contracts';
import { fakeStatistics, jsonResponse, textResponse, type FakeRoute, type Refusal } from './fakes';

/**
 * What a faked route of `R` answers: the contract's body for it (sent as JSON, or a 204 for a route
 * without one), or a refusal (`textResponse`). A body of another shape does not compile, so a fake
 * cannot drift from the API the app calls.
 */
export type FakeAnswerer<R extends ApiRoute> = (
  request: Parameters<FakeRoute>[0],
) => ApiAnswer<R> | Refusal | Promise<ApiAnswer<R> | Refusal>;

/** A `FakeRoute` answering with `R`'s contract type: for a key the route table can't spell (a query). */
export function answering<R extends ApiRoute>(answer: FakeAnswerer<R>): FakeRoute {
  return async (request) => {
    const body = await answer(request);
    if (body instanceof Response) return body;
    return body === undefined ? new Response(null, { status: 204 }) : jsonResponse(body);
  };
}

/**
 * One route of the faked gateway, named as the contract names it, its path parameters filled in:
 * `fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post)`.
 */
export function fakeRoute<R extends ApiRoute>(
  route: R,
  ...args: [...RouteParamsArgs<R>, FakeAnswerer<R>]
): Record<string, FakeRoute> {
  const answer = args[args.length - 1] as FakeAnswerer<R>;
  const params = args.slice(0, -1) as RouteParamsArgs<R>;
  return { [fillRoute(route, ...params)]: answering(answer) };
}

/** Gateway answers for a signed-in member, with nothing unread and no streak yet. */
export function memberRoutes(user: CurrentUser): Record<string, FakeRoute> {
  return {
    ...fakeRoute('GET /api/auth/user', () => user),
    ...fakeRoute('GET /api/notifications/unread-count', () => ({ count: 0 })),
    ...fakeRoute('GET /api/profile/:userId/statistics', { userId: user.id }, () =>
      fakeStatistics({ currentStreak: 0 }),
    ),
  };
}

export const guestRoutes: Record<string, FakeRoute> = fakeRoute('GET /api/auth/user', () =>
  textResponse('Unauthorized', 401, 'Unauthorized'),
);

/** A profile's page: the profile, its statistics, no badges. */
export function profileRoutes(profile: ProfileWithPosts): Record<string, FakeRoute> {
  return {
    ...fakeRoute('GET /api/profile/:userId', { userId: profile.id }, () => profile),
    ...fakeRoute('GET /api/profile/:userId/statistics', { userId: profile.id }, () => fakeStatistics()),
    ...fakeRoute('GET /api/profile/:userId/badges', { userId: profile.id }, () => []),
    ...fakeRoute('GET /api/badges', () => []),
  };
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
    ...fakeRoute('GET /api/blocks', () => lists.blocked),
    ...fakeRoute('GET /api/mutes', () => lists.muted),
  };
  const listed = (list: UserSummary[], userId: string) => list.some((member) => member.id === userId);
  for (const member of members) {
    const userId = member.id;
    Object.assign(
      routes,
      fakeRoute('POST /api/users/:userId/block', { userId }, () => {
        if (!listed(lists.blocked, userId)) lists.blocked = [member, ...lists.blocked];
        return { isBlocked: true };
      }),
      fakeRoute('DELETE /api/users/:userId/block', { userId }, () => {
        lists.blocked = lists.blocked.filter((blocked) => blocked.id !== userId);
        return { isBlocked: false };
      }),
      fakeRoute('POST /api/users/:userId/mute', { userId }, () => {
        if (!listed(lists.muted, userId)) lists.muted = [member, ...lists.muted];
        return { isMuted: true };
      }),
      fakeRoute('DELETE /api/users/:userId/mute', { userId }, () => {
        lists.muted = lists.muted.filter((muted) => muted.id !== userId);
        return { isMuted: false };
      }),
    );
  }
  return routes;
}

/** The first feed page. */
export function feedRoute(posts: Post[]): Record<string, FakeRoute> {
  return { [`GET ${feedPageUrl(0)}`]: answering<'GET /api/posts'>(() => posts) };
}

/** A promise the test resolves when it chooses, to look at the screen while a request is in flight. */
export function pending<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
