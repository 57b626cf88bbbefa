/**
 * Every call of spec §7, one function each, typed with `@daybreak/contracts`. Features build their
 * `queryOptions` and mutations on these and never on URLs of their own. The transport, the error
 * format and the 401 rules are `api-client.ts`; this module knows addresses, payloads and answers.
 */
import {
  DELETE_ACCOUNT_CONFIRMATION,
  FEED_PAGE_SIZE,
  feedPageUrl,
  postReadUrls,
  USERS_LIST_LIMIT,
  type AppNotification,
  type Badge,
  type Comment,
  type CreatePostResponse,
  type CurrentUser,
  type GeneratedInvite,
  type InviteLookup,
  type LeaderboardEntry,
  type LikeStatus,
  type LikeToggleResult,
  type Post,
  type ProfilePhotoUpdate,
  type ProfileUpdate,
  type ProfileWithPosts,
  type PushPublicKey,
  type PushSubscribeRequest,
  type PushSubscriptionData,
  type ReminderSettings,
  type Statistics,
  type StreakTestResult,
  type TimezoneUpdate,
  type UnreadCount,
  type UploadUrl,
  type UploadedImage,
  type UserListItem,
} from '@daybreak/contracts';
import {
  apiJson,
  apiRequest,
  errorStatus,
  getJson,
  readJson,
  type HttpMethod,
  type RequestOptions,
} from './api-client';
import { browserTimezone } from './time';

/** A path segment from an id or code. */
const segment = encodeURIComponent;

/** For calls whose answer the spec does not show: only success or failure matters. */
async function sendOnly(method: HttpMethod, url: string, body?: unknown): Promise<void> {
  await apiRequest(method, url, body);
}

// Sign-in ---------------------------------------------------------------------------------------

/** `GET /api/auth/user`: a 401 means signed out, so it answers null instead of failing. */
export function fetchCurrentUser(options?: RequestOptions): Promise<CurrentUser | null> {
  return getJson<CurrentUser>('/api/auth/user', { ...options, on401: 'returnNull' });
}

// Posts, likes, comments ------------------------------------------------------------------------

/** One feed page of `FEED_PAGE_SIZE` posts from `offset`. */
export function fetchFeedPage(offset: number, options?: RequestOptions): Promise<Post[]> {
  return getJson<Post[]>(feedPageUrl(offset), options);
}

export function fetchPost(postId: string, options?: RequestOptions): Promise<Post> {
  return getJson<Post>(postReadUrls(postId).post, options);
}

export interface NewPost {
  content: string;
  image?: File | null;
}

/** The multipart body of `POST /api/posts`; the zone lets the server classify the post in local time. */
export function buildPostForm({ content, image }: NewPost, timezone: string = browserTimezone()): FormData {
  const form = new FormData();
  form.append('content', content);
  form.append('timezone', timezone);
  if (image) form.append('image', image);
  return form;
}

/** `POST /api/posts` as multipart form data (content, timezone, optional image). */
export function createPost(post: NewPost): Promise<CreatePostResponse> {
  return apiJson<CreatePostResponse>('POST', '/api/posts', buildPostForm(post));
}

/** Toggles the viewer's like; the answer is the post's like state after the toggle. */
export function toggleLike(postId: string): Promise<LikeToggleResult> {
  return apiJson<LikeToggleResult>('POST', `/api/posts/${segment(postId)}/like`);
}

/** Members only. */
export function fetchLikeStatus(postId: string, options?: RequestOptions): Promise<LikeStatus> {
  return getJson<LikeStatus>(`/api/posts/${segment(postId)}/like-status`, options);
}

export function fetchComments(postId: string, options?: RequestOptions): Promise<Comment[]> {
  return getJson<Comment[]>(postReadUrls(postId).comments, options);
}

export function addComment(postId: string, content: string): Promise<Comment> {
  return apiJson<Comment>('POST', `/api/posts/${segment(postId)}/comments`, { content });
}

/** One of the viewer's own posts; anyone else's is a 403. */
export function deletePost(postId: string): Promise<void> {
  return sendOnly('DELETE', `/api/posts/${segment(postId)}`);
}

/** One of the viewer's own comments; anyone else's is a 403. */
export function deleteComment(postId: string, commentId: string): Promise<void> {
  return sendOnly('DELETE', `/api/posts/${segment(postId)}/comments/${segment(commentId)}`);
}

/** Badges earned with a post; a 404 means none (spec §7). */
export async function fetchPostBadges(postId: string, options?: RequestOptions): Promise<Badge[]> {
  try {
    return await getJson<Badge[]>(postReadUrls(postId).badges, options);
  } catch (error) {
    if (errorStatus(error) === 404) return [];
    throw error;
  }
}

// Profiles, badges, photos ----------------------------------------------------------------------

export function fetchProfile(userId: string, options?: RequestOptions): Promise<ProfileWithPosts> {
  return getJson<ProfileWithPosts>(`/api/profile/${segment(userId)}`, options);
}

/** A page of a member's posts, newest first, `FEED_PAGE_SIZE` from `offset` (the profile carries the first). */
export function fetchProfilePosts(userId: string, offset: number, options?: RequestOptions): Promise<Post[]> {
  return getJson<Post[]>(
    `/api/profile/${segment(userId)}/posts?limit=${FEED_PAGE_SIZE}&offset=${offset}`,
    options,
  );
}

export function fetchStatistics(userId: string, options?: RequestOptions): Promise<Statistics> {
  return getJson<Statistics>(`/api/profile/${segment(userId)}/statistics`, options);
}

/** The badges a member has earned. */
export function fetchProfileBadges(userId: string, options?: RequestOptions): Promise<Badge[]> {
  return getJson<Badge[]>(`/api/profile/${segment(userId)}/badges`, options);
}

/** Every badge there is. */
export function fetchAllBadges(options?: RequestOptions): Promise<Badge[]> {
  return getJson<Badge[]>('/api/badges', options);
}

/** The screen refreshes the current user afterwards instead of reading the answer (spec §4). */
export function updateProfile(update: ProfileUpdate): Promise<void> {
  return sendOnly('PUT', '/api/profile', update);
}

export function updateProfilePhoto(photo: ProfilePhotoUpdate): Promise<void> {
  return sendOnly('PUT', '/api/profile-photo', photo);
}

/** Stores the browser's zone on the member, for "today" in streaks and the leaderboard. */
export function updateTimezone(update: TimezoneUpdate): Promise<void> {
  return sendOnly('PUT', '/api/profile/timezone', update);
}

/** The member's mornings: the wake-up reminder, the streak nudge and the weekly recap (issue 43). */
export function fetchReminderSettings(options?: RequestOptions): Promise<ReminderSettings> {
  return getJson<ReminderSettings>('/api/profile/reminders', options);
}

/** Saves the whole settings; the answer is what was stored. */
export function saveReminderSettings(settings: ReminderSettings): Promise<ReminderSettings> {
  return apiJson<ReminderSettings>('PUT', '/api/profile/reminders', settings);
}

/** Step 1 of a photo upload: a single-use address to PUT the file to. */
export function requestUploadUrl(): Promise<UploadUrl> {
  return apiJson<UploadUrl>('POST', '/api/objects/upload');
}

/** Step 2: the file itself, PUT to that address with its own content type. */
export function uploadFile(uploadURL: string, file: Blob): Promise<UploadedImage> {
  return apiJson<UploadedImage>('PUT', uploadURL, file);
}

// Members, follows, leaderboard, invites --------------------------------------------------------

/** Ends every session of the signed-in member, this one included (the session cookie is cleared). */
export function revokeAllSessions(): Promise<void> {
  return sendOnly('POST', '/api/sessions/revoke-all');
}

/** Deletes the signed-in member's account (issue 42); every session ends and the cookie is cleared. */
export function deleteAccount(): Promise<void> {
  return sendOnly('DELETE', '/api/account', { confirm: DELETE_ACCOUNT_CONFIRMATION });
}

/** Everything Daybreak holds of the member, as the JSON file the gateway names. */
export async function downloadAccountExport(): Promise<{ file: Blob; name: string }> {
  const response = await apiRequest('GET', '/api/account/export');
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'daybreak-export.json';
  return { file: await response.blob(), name };
}

export function fetchUsers(options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users?limit=${USERS_LIST_LIMIT}`, options);
}

/** The caller checks that `text` is not blank (spec §5). */
export function searchUsers(text: string, options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users/search?${new URLSearchParams({ q: text })}`, options);
}

export function followUser(userId: string): Promise<void> {
  return sendOnly('POST', `/api/users/${segment(userId)}/follow`);
}

export function unfollowUser(userId: string): Promise<void> {
  return sendOnly('DELETE', `/api/users/${segment(userId)}/follow`);
}

export function fetchFollowers(userId: string, options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users/${segment(userId)}/followers`, options);
}

export function fetchFollowing(userId: string, options?: RequestOptions): Promise<UserListItem[]> {
  return getJson<UserListItem[]>(`/api/users/${segment(userId)}/following`, options);
}

/** This week's ranking among the people the viewer follows (and the viewer). */
export function fetchWeeklyLeaderboard(options?: RequestOptions): Promise<LeaderboardEntry[]> {
  return getJson<LeaderboardEntry[]>('/api/following/leaderboard/weekly', options);
}

export function generateInvite(): Promise<GeneratedInvite> {
  return apiJson<GeneratedInvite>('POST', '/api/invites/generate');
}

/** A new link; the member's old one stops working (ADR 0030). */
export function renewInvite(): Promise<GeneratedInvite> {
  return apiJson<GeneratedInvite>('POST', '/api/invites/renew');
}

/** The member copied or shared their link: it counts as an invite sent. */
export function markInviteShared(code: string): Promise<void> {
  return sendOnly('POST', `/api/invites/${segment(code)}/shared`);
}

/**
 * Looks an invite code up. An invalid code fails with the spec's status-prefixed message; a network
 * failure fails without a status (the invite page words the two differently, spec §8).
 */
export function fetchInvite(code: string, options?: RequestOptions): Promise<InviteLookup> {
  return getJson<InviteLookup>(`/api/invites/${segment(code)}`, options);
}

export function acceptInvite(code: string): Promise<void> {
  return sendOnly('POST', `/api/invites/${segment(code)}/accept`);
}

// Notifications and push ------------------------------------------------------------------------

export function fetchNotifications(options?: RequestOptions): Promise<AppNotification[]> {
  return getJson<AppNotification[]>('/api/notifications', options);
}

export function fetchUnreadCount(options?: RequestOptions): Promise<UnreadCount> {
  return getJson<UnreadCount>('/api/notifications/unread-count', options);
}

export function markNotificationRead(notificationId: string): Promise<void> {
  return sendOnly('PUT', `/api/notifications/${segment(notificationId)}/read`);
}

export function markAllNotificationsRead(): Promise<void> {
  return sendOnly('PUT', '/api/notifications/read-all');
}

export function fetchPushPublicKey(options?: RequestOptions): Promise<PushPublicKey> {
  return getJson<PushPublicKey>('/api/notifications/vapid-key', options);
}

export function subscribeToPush(subscription: PushSubscriptionData): Promise<void> {
  return sendOnly('POST', '/api/notifications/subscribe', { subscription } satisfies PushSubscribeRequest);
}

/** Forgets one device's subscription, named by its endpoint. */
export function unsubscribeFromPush(endpoint: string): Promise<void> {
  return sendOnly('POST', '/api/notifications/unsubscribe', { endpoint });
}

// Test pages ------------------------------------------------------------------------------------

export function fetchStreakTest(
  userId: string,
  timezone: string,
  options?: RequestOptions,
): Promise<StreakTestResult> {
  return getJson<StreakTestResult>(
    `/api/test/streak-calculation/${segment(userId)}?${new URLSearchParams({ timezone })}`,
    options,
  );
}

/**
 * The empty-feed test page's posts. Its failure text is its own (spec §8: 'Failed to fetch posts:
 * {status text}'), so it does not use the shared error format.
 */
export async function fetchTestEmptyPosts({ signal }: RequestOptions = {}): Promise<Post[]> {
  const response = await fetch('/api/test/empty-posts', { credentials: 'include', signal });
  if (!response.ok) throw new Error(`Failed to fetch posts: ${response.statusText}`);
  return (await readJson<Post[] | null>(response)) ?? [];
}
