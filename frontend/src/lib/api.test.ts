import { DEFAULT_REMINDER_SETTINGS } from '@daybreak/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, textResponse } from '@/test/fakes';
import * as accountApi from './account-api';
import * as membersApi from './members-api';
import * as notificationsApi from './notifications-api';
import * as postsApi from './posts-api';
import * as profileApi from './profile-api';
import * as testPagesApi from './test-pages-api';

/** Every call of spec §7, whichever module holds it. */
const api = {
  ...accountApi,
  ...postsApi,
  ...profileApi,
  ...membersApi,
  ...notificationsApi,
  ...testPagesApi,
};

function setup(respond: () => Response = () => jsonResponse({})) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(respond()));
  vi.stubGlobal('fetch', fetchMock);
  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    return { request: `${init?.method ?? 'GET'} ${String(url)}`, init };
  };
  return { fetchMock, lastCall };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the calls of spec §7', () => {
  const subscription = { endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } };

  it.each<[string, () => Promise<unknown>, string, unknown?]>([
    ['current user', () => api.fetchCurrentUser(), 'GET /api/auth/user'],
    ['feed page', () => api.fetchFeedPage(20), 'GET /api/posts?limit=10&offset=20'],
    ['post', () => api.fetchPost('p1'), 'GET /api/posts/p1'],
    ['like toggle', () => api.toggleLike('p1'), 'POST /api/posts/p1/like'],
    ['like status', () => api.fetchLikeStatus('p1'), 'GET /api/posts/p1/like-status'],
    ['comments', () => api.fetchComments('p1'), 'GET /api/posts/p1/comments'],
    ['new comment', () => api.addComment('p1', 'hi'), 'POST /api/posts/p1/comments', { content: 'hi' }],
    ['post badges', () => api.fetchPostBadges('p1'), 'GET /api/posts/p1/badges'],
    ['profile', () => api.fetchProfile('u1'), 'GET /api/profile/u1'],
    ['statistics', () => api.fetchStatistics('u1'), 'GET /api/profile/u1/statistics'],
    ['earned badges', () => api.fetchProfileBadges('u1'), 'GET /api/profile/u1/badges'],
    ['all badges', () => api.fetchAllBadges(), 'GET /api/badges'],
    [
      'profile update',
      () => api.updateProfile({ bio: 'Up at 5', profileName: 'Ana' }),
      'PUT /api/profile',
      { bio: 'Up at 5', profileName: 'Ana' },
    ],
    [
      'profile photo',
      () => api.updateProfilePhoto({ profileImageUrl: '/objects/a' }),
      'PUT /api/profile-photo',
      { profileImageUrl: '/objects/a' },
    ],
    ['reminders', () => api.fetchReminderSettings(), 'GET /api/profile/reminders'],
    [
      'save reminders',
      () => api.saveReminderSettings(DEFAULT_REMINDER_SETTINGS),
      'PUT /api/profile/reminders',
      DEFAULT_REMINDER_SETTINGS,
    ],
    ['upload address', () => api.requestUploadUrl(), 'POST /api/objects/upload'],
    ['users', () => api.fetchUsers(), 'GET /api/users?limit=100'],
    ['user search', () => api.searchUsers('ana & ben'), 'GET /api/users/search?q=ana+%26+ben'],
    ['follow', () => api.followUser('u1'), 'POST /api/users/u1/follow'],
    ['unfollow', () => api.unfollowUser('u1'), 'DELETE /api/users/u1/follow'],
    ['followers', () => api.fetchFollowers('u1'), 'GET /api/users/u1/followers'],
    ['following', () => api.fetchFollowing('u1'), 'GET /api/users/u1/following'],
    ['leaderboard', () => api.fetchWeeklyLeaderboard(), 'GET /api/following/leaderboard/weekly'],
    ['invite code', () => api.generateInvite(), 'POST /api/invites/generate'],
    ['invite lookup', () => api.fetchInvite('ABC123'), 'GET /api/invites/ABC123'],
    ['invite accept', () => api.acceptInvite('ABC123'), 'POST /api/invites/ABC123/accept'],
    ['notifications', () => api.fetchNotifications(), 'GET /api/notifications'],
    ['unread count', () => api.fetchUnreadCount(), 'GET /api/notifications/unread-count'],
    ['mark read', () => api.markNotificationRead('n1'), 'PUT /api/notifications/n1/read'],
    ['mark all read', () => api.markAllNotificationsRead(), 'PUT /api/notifications/read-all'],
    ['push key', () => api.fetchPushPublicKey(), 'GET /api/notifications/vapid-key'],
    [
      'push subscribe',
      () => api.subscribeToPush(subscription),
      'POST /api/notifications/subscribe',
      { subscription },
    ],
    [
      'push unsubscribe',
      () => api.unsubscribeFromPush(subscription.endpoint),
      'POST /api/notifications/unsubscribe',
      { endpoint: subscription.endpoint },
    ],
    [
      'streak test',
      () => api.fetchStreakTest('u1', 'America/New_York'),
      'GET /api/test/streak-calculation/u1?timezone=America%2FNew_York',
    ],
    ['empty posts', () => api.fetchTestEmptyPosts(), 'GET /api/test/empty-posts'],
  ])('%s', async (_name, call, request, body) => {
    const { lastCall } = setup();

    await call();

    expect(lastCall().request).toBe(request);
    expect(lastCall().init?.credentials).toBe('include');
    expect(lastCall().init?.body).toBe(body === undefined ? undefined : JSON.stringify(body));
  });

  it('encodes ids and codes as one path segment', async () => {
    const { lastCall } = setup();

    await api.fetchPost('a/b?c');

    expect(lastCall().request).toBe('GET /api/posts/a%2Fb%3Fc');
  });

  it('reports a failure in the spec format, with the body text', async () => {
    setup(() => textResponse('{"statusCode":403,"code":"AUTH.FORBIDDEN","message":"Forbidden"}', 403));

    await expect(api.followUser('u1')).rejects.toThrow(
      '403: {"statusCode":403,"code":"AUTH.FORBIDDEN","message":"Forbidden"}',
    );
  });
});

describe('fetchCurrentUser', () => {
  it('answers null on 401: the visitor is signed out', async () => {
    setup(() => textResponse('Unauthorized', 401, 'Unauthorized'));

    await expect(api.fetchCurrentUser()).resolves.toBeNull();
  });

  it('fails on any other status', async () => {
    setup(() => textResponse('', 502, 'Bad Gateway'));

    await expect(api.fetchCurrentUser()).rejects.toThrow('502: Bad Gateway');
  });
});

describe('401 on other calls', () => {
  it('is an error, so the screen can send the member to login', async () => {
    setup(() => textResponse('{"statusCode":401,"code":"AUTH.REQUIRED","message":"Unauthorized"}', 401));

    await expect(api.fetchNotifications()).rejects.toThrow(/^401: .*Unauthorized/);
    await expect(api.toggleLike('p1')).rejects.toThrow(/^401: .*Unauthorized/);
  });
});

describe('fetchPostBadges', () => {
  it('reads 404 as no badges', async () => {
    setup(() => textResponse('', 404, 'Not Found'));

    await expect(api.fetchPostBadges('p1')).resolves.toEqual([]);
  });

  it('still fails on other statuses', async () => {
    setup(() => textResponse('', 500, 'Internal Server Error'));

    await expect(api.fetchPostBadges('p1')).rejects.toThrow('500: Internal Server Error');
  });
});

describe('fetchTestEmptyPosts', () => {
  it("fails with the test page's own text", async () => {
    setup(() => textResponse('boom', 503, 'Service Unavailable'));

    await expect(api.fetchTestEmptyPosts()).rejects.toThrow('Failed to fetch posts: Service Unavailable');
  });

  it('reads an empty body as no posts', async () => {
    setup(() => new Response(null, { status: 200 }));

    await expect(api.fetchTestEmptyPosts()).resolves.toEqual([]);
  });
});

describe('createPost', () => {
  it('sends multipart form data as is: content, timezone and the photo', async () => {
    const { lastCall } = setup(() => jsonResponse({ post: {}, newBadges: [], nextEligibleBadges: [] }));
    const image = new File(['x'], 'sunrise.jpg', { type: 'image/jpeg' });

    await api.createPost({ content: 'Up early', image });

    expect(lastCall().request).toBe('POST /api/posts');
    const form = lastCall().init?.body as FormData;
    expect(form.get('content')).toBe('Up early');
    expect(form.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(form.get('image')).toBeInstanceOf(File);
    expect(lastCall().init?.headers).toBeUndefined();
  });
});

describe('buildPostForm', () => {
  it('carries content, the given timezone and the optional image', () => {
    const image = new File(['x'], 'sunrise.jpg', { type: 'image/jpeg' });

    const form = api.buildPostForm({ content: 'Up early', image }, 'Europe/Paris');

    expect(form.get('content')).toBe('Up early');
    expect(form.get('timezone')).toBe('Europe/Paris');
    expect(form.get('image')).toBeInstanceOf(File);
  });

  it('leaves the image out when there is none', () => {
    expect(api.buildPostForm({ content: 'Up early' }, 'UTC').has('image')).toBe(false);
  });
});

describe('uploadFile', () => {
  it('PUTs the file to the upload address with its own content type and reads the stored path', async () => {
    const { lastCall } = setup(() => jsonResponse({ objectPath: '/objects/abc' }));
    const file = new File(['png bytes'], 'me.png', { type: 'image/png' });

    const stored = await api.uploadFile('/api/objects/uploads/token-1', file);

    expect(stored).toEqual({ objectPath: '/objects/abc' });
    expect(lastCall().request).toBe('PUT /api/objects/uploads/token-1');
    expect(lastCall().init).toMatchObject({
      body: file,
      headers: { 'Content-Type': 'image/png' },
      credentials: 'include',
    });
  });
});
