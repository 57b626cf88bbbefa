import {
  fillRoute,
  type ApiAnswer,
  type ApiErrorBody,
  type ApiRoute,
  type CreateReportRequest,
  type ProfileUpdate,
  type PushSubscribeRequest,
  type ReminderSettings,
  type ResolveReportRequest,
  type RouteParamsArgs,
} from '@daybreak/contracts';
import type { ApiCaller } from './api-caller';

/** One answer of the API: the contract's body when the status is a success, else its error body. */
export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * The error body of a refused call (a 4xx or 5xx), the API's `ApiErrorBody`, for a test to assert
 * its code and message: partial, since a body that is not the API's (a proxy's page, a success)
 * has neither, and the assertion says so.
 */
export const refusalOf = (answer: { body: unknown }) => (answer.body ?? {}) as Partial<ApiErrorBody>;

/** A post, comment or member, or its id. */
type Ref = string | { id: string };
const idOf = (ref: Ref) => (typeof ref === 'string' ? ref : ref.id);

type Query = Record<string, string | number>;
const queryString = (query?: Query) =>
  query ? `?${new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))}` : '';

/** Calls `route` of the contract; the answer's body is typed by it. */
function ask<R extends ApiRoute>(
  caller: ApiCaller,
  route: R,
  params: RouteParamsArgs<R>,
  { body, query, headers }: { body?: unknown; query?: Query; headers?: Record<string, string> } = {},
): Promise<Answer<ApiAnswer<R>>> {
  const [method, path] = fillRoute(route, ...params).split(' ');
  // The one place a raw answer is read as the contract's: `R` names the route called.
  return caller.call(method, `${path}${queryString(query)}`, body, headers) as Promise<Answer<ApiAnswer<R>>>;
}

/** A new post's fields: the zone classifies it in local time (UTC unless a test is about zones). */
export interface NewPost {
  content: string;
  timezone?: string;
  image?: File;
}

export function postForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** What anyone may read, signed in or not. */
export const readVerbs = (caller: ApiCaller) => ({
  me: () => ask(caller, 'GET /api/auth/user', []),
  feed: (query?: Query) => ask(caller, 'GET /api/posts', [], { query }),
  readPost: (post: Ref) => ask(caller, 'GET /api/posts/:postId', [{ postId: idOf(post) }]),
  commentsOf: (post: Ref) => ask(caller, 'GET /api/posts/:postId/comments', [{ postId: idOf(post) }]),
  profileOf: (member: Ref, query?: Query) =>
    ask(caller, 'GET /api/profile/:userId', [{ userId: idOf(member) }], { query }),
  followersOf: (member: Ref) => ask(caller, 'GET /api/users/:userId/followers', [{ userId: idOf(member) }]),
  followingOf: (member: Ref) => ask(caller, 'GET /api/users/:userId/following', [{ userId: idOf(member) }]),
  lookUpInvite: (code: string) => ask(caller, 'GET /api/invites/:code', [{ code }]),
  statisticsOf: (member: Ref) =>
    ask(caller, 'GET /api/profile/:userId/statistics', [{ userId: idOf(member) }]),
  badgesOf: (member: Ref) => ask(caller, 'GET /api/profile/:userId/badges', [{ userId: idOf(member) }]),
  badgesOfPost: (post: Ref) => ask(caller, 'GET /api/posts/:postId/badges', [{ postId: idOf(post) }]),
  badgeCatalogue: () => ask(caller, 'GET /api/badges', []),
  emptyPosts: () => ask(caller, 'GET /api/test/empty-posts', []),
});

/** What a signed-in member does. */
export const memberVerbs = (caller: ApiCaller) => ({
  post: ({ content, timezone = 'UTC', image }: NewPost) => {
    const form = postForm({ content, timezone });
    if (image) form.append('image', image);
    return ask(caller, 'POST /api/posts', [], { body: form });
  },
  deletePost: (post: Ref) => ask(caller, 'DELETE /api/posts/:postId', [{ postId: idOf(post) }]),
  like: (post: Ref) => ask(caller, 'POST /api/posts/:postId/like', [{ postId: idOf(post) }]),
  likeStatus: (post: Ref) => ask(caller, 'GET /api/posts/:postId/like-status', [{ postId: idOf(post) }]),
  comment: (post: Ref, content: string) =>
    ask(caller, 'POST /api/posts/:postId/comments', [{ postId: idOf(post) }], { body: { content } }),
  deleteComment: (post: Ref, comment: Ref) =>
    ask(caller, 'DELETE /api/posts/:postId/comments/:commentId', [
      { postId: idOf(post), commentId: idOf(comment) },
    ]),
  follow: (member: Ref) => ask(caller, 'POST /api/users/:userId/follow', [{ userId: idOf(member) }]),
  unfollow: (member: Ref) => ask(caller, 'DELETE /api/users/:userId/follow', [{ userId: idOf(member) }]),
  notifications: () => ask(caller, 'GET /api/notifications', []),
  unreadCount: () => ask(caller, 'GET /api/notifications/unread-count', []),
  subscribePush: (request: PushSubscribeRequest) =>
    ask(caller, 'POST /api/notifications/subscribe', [], { body: request }),
  setReminders: (settings: ReminderSettings) =>
    ask(caller, 'PUT /api/profile/reminders', [], { body: settings }),
  search: (q: string) => ask(caller, 'GET /api/users/search', [], { query: { q } }),
  editProfile: (update: ProfileUpdate) => ask(caller, 'PUT /api/profile', [], { body: update }),
  /** An upload address for a photo (the SPA's first step of a profile photo). */
  uploadIntent: () => ask(caller, 'POST /api/objects/upload', []),
  /** The photo, sent to the address `uploadIntent` gave (`/api/objects/uploads/<token>`). */
  upload: (uploadURL: string, image: Blob) =>
    ask(caller, 'PUT /api/objects/uploads/:token', [{ token: uploadURL.split('/').at(-1)! }], {
      body: image,
      headers: { 'content-type': image.type },
    }),
  setPhoto: (profileImageUrl: string) =>
    ask(caller, 'PUT /api/profile-photo', [], { body: { profileImageUrl } }),
  setTimezone: (timezone: string) => ask(caller, 'PUT /api/profile/timezone', [], { body: { timezone } }),
  invite: () => ask(caller, 'POST /api/invites/generate', []),
  leaderboard: () => ask(caller, 'GET /api/following/leaderboard/weekly', []),
  streakTest: (member: Ref, query: Query) =>
    ask(caller, 'GET /api/test/streak-calculation/:userId', [{ userId: idOf(member) }], { query }),
  exportAccount: () => ask(caller, 'GET /api/account/export', []),
  acceptInvite: (code: string) => ask(caller, 'POST /api/invites/:code/accept', [{ code }]),
  block: (member: Ref) => ask(caller, 'POST /api/users/:userId/block', [{ userId: idOf(member) }]),
  unblock: (member: Ref) => ask(caller, 'DELETE /api/users/:userId/block', [{ userId: idOf(member) }]),
  blocks: () => ask(caller, 'GET /api/blocks', []),
  mute: (member: Ref) => ask(caller, 'POST /api/users/:userId/mute', [{ userId: idOf(member) }]),
  unmute: (member: Ref) => ask(caller, 'DELETE /api/users/:userId/mute', [{ userId: idOf(member) }]),
  mutes: () => ask(caller, 'GET /api/mutes', []),
  report: (report: CreateReportRequest) => ask(caller, 'POST /api/reports', [], { body: report }),
  // A moderator's (issue 42); anyone else gets 404.
  reportQueue: () => ask(caller, 'GET /api/moderation/reports', [], { query: { status: 'open' } }),
  resolveReport: (reportId: string, decision: ResolveReportRequest) =>
    ask(caller, 'POST /api/moderation/reports/:reportId/resolve', [{ reportId }], { body: decision }),
  unsuspend: (member: Ref) =>
    ask(caller, 'POST /api/moderation/users/:userId/unsuspend', [{ userId: idOf(member) }], { body: {} }),
  suspended: () => ask(caller, 'GET /api/moderation/suspended', []),
  unhidePost: (postId: string) =>
    ask(caller, 'POST /api/moderation/posts/:postId/unhide', [{ postId }], { body: {} }),
  unhideComment: (commentId: string) =>
    ask(caller, 'POST /api/moderation/comments/:commentId/unhide', [{ commentId }], { body: {} }),
  hidden: () => ask(caller, 'GET /api/moderation/hidden', []),
  moderationLog: () => ask(caller, 'GET /api/moderation/audit', []),
});
