import type { AccountExport } from './account';
import type { Badge } from './badge';
import type { AppNotification, PushPublicKey, UnreadCount } from './notification';
import type { Comment, CreatePostResponse, LikeStatus, LikeToggleResult, Post } from './post';
import type { ReminderSettings } from './reminders';
import type { ProfileWithPosts, UploadedImage, UploadUrl } from './profile';
import type {
  CreatedReport,
  ModerationLogEntry,
  ReportGroup,
  ResolvedReports,
  SuspendedMember,
  UnsuspendResult,
  UnhideResult,
  HiddenContent,
} from './moderation';
import type { BlockResult, BlockedMember, MuteResult } from './safety';
import type {
  FollowResult,
  GeneratedInvite,
  InviteLookup,
  LeaderboardEntry,
  SharedInvite,
  UserListItem,
} from './social';
import type { CurrentUser, SignOutResponse, Statistics, StreakTestResult } from './user';

/** The answer of a route that sends no body (204). */
type NoContent = undefined;
/** The answer of a route whose body no client reads (the SPA refreshes what it shows instead). */
type Unread = unknown;

/**
 * The gateway's JSON API, `METHOD /path` to the answer of a success; `:name` is a path parameter.
 * Tests' fakes of the gateway (the SPA's) and their callers of it (e2e's members) are typed by
 * this table, so a fake cannot answer, nor a test read, a shape the API does not have.
 */
export interface ApiAnswers {
  'GET /api/auth/user': CurrentUser;
  'POST /api/logout': SignOutResponse;
  'POST /api/sessions/revoke-all': NoContent;

  'GET /api/posts': Post[];
  'POST /api/posts': CreatePostResponse;
  'GET /api/posts/:postId': Post;
  'DELETE /api/posts/:postId': NoContent;
  'POST /api/posts/:postId/like': LikeToggleResult;
  'GET /api/posts/:postId/like-status': LikeStatus;
  'GET /api/posts/:postId/comments': Comment[];
  'POST /api/posts/:postId/comments': Comment;
  'DELETE /api/posts/:postId/comments/:commentId': NoContent;
  'GET /api/posts/:postId/badges': Badge[];

  'GET /api/badges': Badge[];
  'GET /api/profile/:userId': ProfileWithPosts;
  'GET /api/profile/:userId/posts': Post[];
  'GET /api/profile/:userId/statistics': Statistics;
  'GET /api/profile/:userId/badges': Badge[];
  'PUT /api/profile': Unread;
  'PUT /api/profile-photo': Unread;
  'PUT /api/profile/timezone': Unread;
  'GET /api/profile/reminders': ReminderSettings;
  'PUT /api/profile/reminders': ReminderSettings;
  'POST /api/objects/upload': UploadUrl;
  'PUT /api/objects/uploads/:token': UploadedImage;

  'GET /api/users': UserListItem[];
  'GET /api/users/search': UserListItem[];
  'POST /api/users/:userId/follow': FollowResult;
  'DELETE /api/users/:userId/follow': FollowResult;
  'GET /api/users/:userId/followers': UserListItem[];
  'GET /api/users/:userId/following': UserListItem[];
  'GET /api/following/leaderboard/weekly': LeaderboardEntry[];
  'POST /api/invites/generate': GeneratedInvite;
  'POST /api/invites/renew': GeneratedInvite;
  'POST /api/invites/:code/shared': SharedInvite;
  'GET /api/invites/:code': InviteLookup;
  'POST /api/invites/:code/accept': Unread;
  'POST /api/users/:userId/block': BlockResult;
  'DELETE /api/users/:userId/block': BlockResult;
  'GET /api/blocks': BlockedMember[];
  'POST /api/users/:userId/mute': MuteResult;
  'DELETE /api/users/:userId/mute': MuteResult;
  'GET /api/mutes': BlockedMember[];
  'DELETE /api/account': NoContent;
  'GET /api/account/export': AccountExport;
  'POST /api/reports': CreatedReport;
  'POST /api/analytics/events': NoContent;
  'GET /api/moderation/reports': ReportGroup[];
  'POST /api/moderation/reports/:reportId/resolve': ResolvedReports;
  'POST /api/moderation/users/:userId/unsuspend': UnsuspendResult;
  'GET /api/moderation/suspended': SuspendedMember[];
  'POST /api/moderation/posts/:postId/unhide': UnhideResult;
  'POST /api/moderation/comments/:commentId/unhide': UnhideResult;
  'GET /api/moderation/hidden': HiddenContent[];
  'GET /api/moderation/audit': ModerationLogEntry[];

  'GET /api/notifications': AppNotification[];
  'GET /api/notifications/unread-count': UnreadCount;
  'PUT /api/notifications/read-all': NoContent;
  'PUT /api/notifications/:notificationId/read': NoContent;
  'GET /api/notifications/vapid-key': PushPublicKey;
  'POST /api/notifications/subscribe': NoContent;
  'POST /api/notifications/unsubscribe': NoContent;

  'GET /api/test/streak-calculation/:userId': StreakTestResult;
  'GET /api/test/empty-posts': Post[];
}

export type ApiRoute = keyof ApiAnswers;
export type ApiAnswer<R extends ApiRoute> = ApiAnswers[R];

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters of a route, by name: `{ postId }` for `GET /api/posts/:postId`. */
export type RouteParams<R extends ApiRoute> = { [Name in ParamNames<R>]: string };

/** A route's parameters as arguments: none for a route without any. */
export type RouteParamsArgs<R extends ApiRoute> = [ParamNames<R>] extends [never] ? [] : [RouteParams<R>];

/**
 * `METHOD /path` of one call of a route, its parameters filled in (encoded as path segments):
 * `fillRoute('GET /api/posts/:postId', { postId })` is `GET /api/posts/<postId>`.
 */
export function fillRoute<R extends ApiRoute>(route: R, ...[params]: RouteParamsArgs<R>): string {
  const values: Record<string, string> = params ?? {};
  return route.replace(/:(\w+)/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(values[name]);
  });
}
