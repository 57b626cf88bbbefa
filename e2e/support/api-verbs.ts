import {
  fillRoute,
  type ApiAnswer,
  type ApiRoute,
  type CreateReportRequest,
  type ProfileUpdate,
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
  { body, query }: { body?: unknown; query?: Query } = {},
): Promise<Answer<ApiAnswer<R>>> {
  const [method, path] = fillRoute(route, ...params).split(' ');
  return caller.call(method, `${path}${queryString(query)}`, body);
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
  follow: (member: Ref) => ask(caller, 'POST /api/users/:userId/follow', [{ userId: idOf(member) }]),
  unfollow: (member: Ref) => ask(caller, 'DELETE /api/users/:userId/follow', [{ userId: idOf(member) }]),
  notifications: () => ask(caller, 'GET /api/notifications', []),
  editProfile: (update: ProfileUpdate) => ask(caller, 'PUT /api/profile', [], { body: update }),
  setTimezone: (timezone: string) => ask(caller, 'PUT /api/profile/timezone', [], { body: { timezone } }),
  invite: () => ask(caller, 'POST /api/invites/generate', []),
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
