import type {
  ApiErrorBody,
  AppNotification,
  Comment,
  CurrentUser,
  DayActivity,
  Post,
  ProfileWithPosts,
  Statistics,
  UserSummary,
} from '@daybreak/contracts';
import type { FakeRoutes } from './gateway';

let sequence = 0;
/**
 * A fresh id of the form real ids have (a UUID: the app shows not-found for any other in an
 * address), its kind in the first group for a reader of a failing test: `c0ffee01-…` is a comment.
 */
const ID_KINDS = { user: 'a11ce000', comment: 'c0ffee00', post: 'b0a7b0a7', notification: 'ba11ba11' };
const nextId = (kind: keyof typeof ID_KINDS) =>
  `${ID_KINDS[kind]}-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function fakeUser(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: nextId('user'),
    firstName: 'Ana',
    lastName: 'Early',
    profileName: null,
    profileImageUrl: null,
    ...overrides,
  };
}

export function fakeCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return { ...fakeUser(), email: 'ana@example.com', ...overrides };
}

export function fakeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: nextId('comment'),
    content: 'Rise and shine!',
    createdAt: '2025-03-10T10:05:00.000Z',
    user: fakeUser({ firstName: 'Ben', lastName: null }),
    ...overrides,
  };
}

export function fakePost(overrides: Partial<Post> = {}): Post {
  const user = overrides.user ?? fakeUser();
  return {
    id: nextId('post'),
    content: 'Up at 5, coffee brewing.',
    imageUrl: null,
    userId: user.id,
    createdAt: '2025-03-10T10:02:00.000Z',
    updatedAt: '2025-03-10T10:02:00.000Z',
    timezone: 'America/New_York',
    timeClassification: '5am',
    isEarlyMorning: true,
    likesCount: 0,
    commentsCount: 0,
    isLiked: false,
    comments: [],
    ...overrides,
    user,
  };
}

export function fakeProfile(overrides: Partial<ProfileWithPosts> = {}): ProfileWithPosts {
  return {
    ...fakeUser(),
    bio: null,
    timezone: 'America/New_York',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:00.000Z',
    followersCount: 0,
    followingCount: 0,
    isFollowing: false,
    currentStreak: 0,
    longestStreak: 0,
    posts: [],
    ...overrides,
  };
}

/** 30 days from 2025-03-01, cycling through the four kinds of day. */
export function fakeStatistics(overrides: Partial<Statistics> = {}): Statistics {
  const kinds: DayActivity['activityType'][] = ['5am', '6am', 'any', 'none'];
  const last30DaysActivity = Array.from({ length: 30 }, (_, index) => ({
    date: `2025-03-${String(index + 1).padStart(2, '0')}`,
    activityType: kinds[index % kinds.length],
  }));
  return {
    fiveAmPostsCount: 8,
    sixAmPostsCount: 7,
    currentStreak: 3,
    longestStreak: 9,
    freezesHeld: 1,
    last30DaysActivity,
    ...overrides,
  };
}

/** A `fetch` stand-in answering by `METHOD path` (path without the query string unless listed with it). */
export type FakeRoute = (request: {
  url: URL;
  init: RequestInit | undefined;
}) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An answer that is not a success: what a typed fake route (test/gateway.ts) answers instead of its body. */
export type Refusal = Response & { readonly refusal: true };

export function textResponse(body: string, status: number, statusText = ''): Refusal {
  return Object.assign(new Response(body, { status, statusText }), { refusal: true as const });
}

/** The gateway's error answer (`ApiErrorBody`), as the SPA reads it: a status, a stable code, a message. */
export function refusal(statusCode: number, code: string, message: string): Refusal {
  const body: ApiErrorBody = { statusCode, code, message };
  return textResponse(JSON.stringify(body), statusCode);
}

export function fakeFetch(routes: FakeRoutes) {
  const calls: { method: string; url: URL; init: RequestInit | undefined }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, url, init });
    const route = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (!route)
      return textResponse(`{"statusCode":404,"code":"NOT_FOUND","message":"Not Found"}`, 404, 'Not Found');
    return route({ url, init });
  };
  return { fetchImpl, calls };
}

export function fakeNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: nextId('notification'),
    type: 'like',
    message: 'Ben liked your post',
    isRead: false,
    createdAt: new Date().toISOString(),
    fromUserId: 'u-ben',
    postId: null,
    fromUser: fakeUser({ firstName: 'Ben' }),
    ...overrides,
  };
}
