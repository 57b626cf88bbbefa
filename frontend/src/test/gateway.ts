import {
  FEED_PAGE_SIZE,
  USERS_LIST_LIMIT,
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

declare const typedByTheContract: unique symbol;
declare const bodyOf: unique symbol;

/** A faked route typed by the contract: only `fakeRoute` and `fakeRouteAt` make one. */
export type TypedFakeRoute = FakeRoute & { readonly [typedByTheContract]: true };

/**
 * The faked gateway's routes by `METHOD path`, as `renderApp` and `renderComponent` take them. Each
 * is a `TypedFakeRoute`, so a raw `{ 'GET /api/x': () => jsonResponse(…) }` (a body no contract
 * checks) does not compile, spread among typed ones or not.
 */
export type FakeRoutes = { readonly [route: string]: TypedFakeRoute };

/** A success sent with more than its body (another status, headers): made by `sent`, typed by `T`. */
export type Sent<T> = Response & { readonly [bodyOf]: T };

/** `body` as JSON with `init`'s status and headers: e.g. the export's file name in Content-Disposition. */
export function sent<T>(body: T, init: { status?: number; headers?: Record<string, string> } = {}): Sent<T> {
  const headers = { 'Content-Type': 'application/json', ...init.headers };
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers }) as Sent<T>;
}

/**
 * What a faked route of `R` answers: the contract's body for it (sent as JSON, or nothing, a 204,
 * for a route without one), that body `sent` with a status or headers, or a refusal (`textResponse`,
 * `refusal`). A body of another shape does not compile, so a fake cannot drift from the API the app
 * calls.
 */
export type Answered<R extends ApiRoute> =
  (ApiAnswer<R> extends undefined ? void : ApiAnswer<R>) | Sent<ApiAnswer<R>> | Refusal;

export type FakeAnswerer<R extends ApiRoute> = (
  request: Parameters<FakeRoute>[0],
) => Answered<R> | Promise<Answered<R>>;

function answering<R extends ApiRoute>(answer: FakeAnswerer<R>): TypedFakeRoute {
  const route: FakeRoute = async (request) => {
    const body = await answer(request);
    if (body instanceof Response) return body;
    return body === undefined ? new Response(null, { status: 204 }) : jsonResponse(body);
  };
  return route as TypedFakeRoute;
}

const pathPattern = (route: ApiRoute) =>
  new RegExp(`^${route.split(' ')[1].replace(/:\w+/g, '[^/?]+')}(\\?|$)`);

/**
 * `route` faked at one address the app calls, query string included (a feed page, a list's limit):
 * `fakeRouteAt('GET /api/posts', feedPageUrl(0), () => posts)`. An address that is not the route's
 * throws, so the key can't name another route than the one typing the answer.
 */
export function fakeRouteAt<R extends ApiRoute>(
  route: R,
  address: string,
  answer: FakeAnswerer<R>,
): FakeRoutes {
  if (!pathPattern(route).test(address)) throw new Error(`${address} is not an address of ${route}`);
  return { [`${route.split(' ')[0]} ${address}`]: answering(answer) };
}

/**
 * One route of the faked gateway, named as the contract names it, its path parameters filled in:
 * `fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post)`.
 */
export function fakeRoute<R extends ApiRoute>(
  route: R,
  ...args: [...RouteParamsArgs<R>, FakeAnswerer<R>]
): FakeRoutes {
  const answer = args[args.length - 1] as FakeAnswerer<R>;
  const params = args.slice(0, -1) as RouteParamsArgs<R>;
  return { [fillRoute(route, ...params)]: answering(answer) };
}

/** Gateway answers for a signed-in member, with nothing unread and no streak yet. */
export function memberRoutes(user: CurrentUser): FakeRoutes {
  return {
    ...fakeRoute('GET /api/auth/user', () => user),
    ...fakeRoute('GET /api/notifications/unread-count', () => ({ count: 0 })),
    ...fakeRoute('GET /api/profile/:userId/statistics', { userId: user.id }, () =>
      fakeStatistics({ currentStreak: 0 }),
    ),
  };
}

export const guestRoutes: FakeRoutes = fakeRoute('GET /api/auth/user', () =>
  textResponse('Unauthorized', 401, 'Unauthorized'),
);

/** A profile's page: the profile, its statistics, no badges. */
export function profileRoutes(profile: ProfileWithPosts): FakeRoutes {
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
): FakeRoutes {
  const routes: Record<string, TypedFakeRoute> = {
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

/** The feed, one page of posts after another from the first. */
export function feedRoute(...pages: Post[][]): FakeRoutes {
  return Object.assign(
    {},
    ...pages.map((posts, index) =>
      fakeRouteAt('GET /api/posts', feedPageUrl(index * FEED_PAGE_SIZE), () => posts),
    ),
  );
}

/** The members list as the SPA asks for it (find people, the streak test page): up to `USERS_LIST_LIMIT`. */
export function membersListRoute(answer: FakeAnswerer<'GET /api/users'>): FakeRoutes {
  return fakeRouteAt('GET /api/users', `/api/users?limit=${USERS_LIST_LIMIT}`, answer);
}

/** A promise the test resolves when it chooses, to look at the screen while a request is in flight. */
export function pending<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}
