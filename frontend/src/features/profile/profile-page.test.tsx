import { MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser, fakePost, fakeProfile, fakeStatistics, refusal, textResponse } from '@/test/fakes';
import {
  fakeRoute,
  fakeRouteAt,
  guestRoutes,
  memberRoutes,
  pending,
  profileRoutes,
  type Answered,
} from '@/test/gateway';
import { refetchAll, renderApp } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early', email: 'ana@example.com' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('own profile', () => {
  const own = fakeProfile({
    id: ana.id,
    firstName: 'Ana',
    lastName: 'Early',
    bio: 'Up before the sun',
    followersCount: 4,
    followingCount: 2,
    posts: [fakePost({ content: 'Cold plunge at 5' })],
  });

  it('shows the header, statistics, 30-day calendar in rows of 7, posts, slots, e-mail and logout', async () => {
    renderApp('/profile', { ...memberRoutes(ana), ...profileRoutes(own) });

    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ana Early');
    expect(screen.getByTestId('profile-bio')).toHaveTextContent('Up before the sun');
    expect(screen.getByTestId('followers-count')).toHaveTextContent('4');
    expect(screen.getByTestId('following-count')).toHaveTextContent('2');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ana@example.com');
    expect(screen.getByText('Cold plunge at 5')).toBeInTheDocument();
    expect(await screen.findByTestId('profile-badges')).toBeInTheDocument();
    expect(screen.getByTestId('push-toggle')).toBeInTheDocument();
    expect(screen.getByTestId('logout-button')).toBeInTheDocument();
    expect(screen.queryByTestId('follow-button')).toBeNull();

    const days = await screen.findAllByTestId('activity-day');
    expect(days).toHaveLength(30);
    expect(days.map((day) => day.dataset.activity).slice(0, 4)).toEqual(['5am', '6am', 'any', 'none']);
    expect(days[0]?.parentElement).toHaveClass('grid-cols-7');
    expect(screen.getByTestId('activity-legend')).toHaveTextContent(
      /5 AM post.*6 AM post.*Posted later.*No post/,
    );
    expect(screen.getByTestId('stat-5am')).toHaveTextContent('8');
    expect(screen.getByTestId('stat-longest-streak')).toHaveTextContent('9');
  });

  it("saves name and bio with live counters, says 'PROFILE UPDATED' and refreshes the current user", async () => {
    let saved: unknown;
    const { calls } = renderApp(`/profile/${ana.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...fakeRoute('PUT /api/profile', ({ init }) => {
        saved = JSON.parse(String(init?.body));
      }),
    });
    await userEvent.click(await screen.findByTestId('edit-profile-button'));

    const name = screen.getByTestId('profile-name-input');
    await userEvent.clear(name);
    await userEvent.type(name, '  Dawn Ana ');
    expect(screen.getByTestId('profile-name-counter')).toHaveTextContent('11/50');
    expect(screen.getByTestId('profile-bio-counter')).toHaveTextContent('17/200');
    expect(name).toHaveAttribute('maxLength', '50');
    expect(screen.getByTestId('profile-bio-input')).toHaveAttribute('maxLength', '200');
    const userChecksBefore = calls.filter((call) => call.url.pathname === '/api/auth/user').length;
    await userEvent.click(screen.getByTestId('profile-save'));

    expect(await screen.findByText('PROFILE UPDATED')).toBeInTheDocument();
    expect(saved).toEqual({ profileName: 'Dawn Ana', bio: 'Up before the sun' });
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/auth/user').length).toBeGreaterThan(
        userChecksBefore,
      ),
    );
  });

  it("shows the server's message under 'UPDATE FAILED'", async () => {
    renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...fakeRoute('PUT /api/profile', () =>
        refusal(400, 'REQUEST.INVALID', 'profileName must be at most 50 characters'),
      ),
    });
    await userEvent.click(await screen.findByTestId('edit-profile-button'));
    await userEvent.click(screen.getByTestId('profile-save'));

    expect(await screen.findByText('UPDATE FAILED')).toBeInTheDocument();
    expect(screen.getByText('profileName must be at most 50 characters')).toBeInTheDocument();
  });

  it("refuses a photo over 10 MB with 'File size must be less than 10MB'", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { calls } = renderApp('/profile', { ...memberRoutes(ana), ...profileRoutes(own) });
    await userEvent.click(await screen.findByTestId('edit-profile-button'));

    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await userEvent.upload(screen.getByTestId('profile-photo-input'), big);

    expect(alert).toHaveBeenCalledWith('File size must be less than 10MB');
    expect(calls.some((call) => call.url.pathname === '/api/objects/upload')).toBe(false);
  });

  it("uploads a photo in three steps and says 'PHOTO UPLOADED'", async () => {
    const uploadURL = '/api/objects/uploads/intent-1';
    const { calls } = renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...fakeRoute('POST /api/objects/upload', () => ({ uploadURL })),
      ...fakeRouteAt('PUT /api/objects/uploads/:token', uploadURL, () => ({
        objectPath: '/objects/photo-1',
      })),
      ...fakeRoute('PUT /api/profile-photo', () => undefined),
    });
    await userEvent.click(await screen.findByTestId('edit-profile-button'));
    const photo = new File(['img'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('profile-photo-input'), photo);

    expect(await screen.findByText('PHOTO UPLOADED')).toBeInTheDocument();
    const upload = calls.find((call) => call.url.pathname === uploadURL);
    expect(upload?.init?.body).toBe(photo);
    const save = calls.find((call) => call.url.pathname === '/api/profile-photo');
    expect(JSON.parse(String(save?.init?.body))).toEqual({ profileImageUrl: '/objects/photo-1' });
  });

  it("says 'UPLOAD ERROR' without an upload address and alerts when the upload itself fails", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    let uploadUrlFails = true;
    renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...fakeRoute('POST /api/objects/upload', () =>
        uploadUrlFails ? textResponse('', 503, 'Unavailable') : { uploadURL: '/api/objects/uploads/i' },
      ),
      ...fakeRoute('PUT /api/objects/uploads/:token', { token: 'i' }, () =>
        textResponse('', 500, 'Internal Server Error'),
      ),
    });
    await userEvent.click(await screen.findByTestId('edit-profile-button'));
    const input = screen.getByTestId('profile-photo-input');

    await userEvent.upload(input, new File(['a'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByText('UPLOAD ERROR')).toBeInTheDocument();

    uploadUrlFails = false;
    await userEvent.upload(input, new File(['b'], 'b.png', { type: 'image/png' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Upload failed. Please try again.'));
  });

  it('asks guests to sign in on /profile', async () => {
    renderApp('/profile', guestRoutes);

    expect(await screen.findByTestId('sign-in-prompt')).toBeInTheDocument();
    expect(screen.getByTestId('login-button')).toBeInTheDocument();
  });
});

describe('other profile', () => {
  const ben = fakeProfile({ firstName: 'Ben', lastName: null, followersCount: 1, isFollowing: false });

  it('shows the follow button, no own-only parts, and the name fallback', async () => {
    const nameless = fakeProfile({ firstName: null, lastName: null, profileName: null });
    renderApp(`/profile/${nameless.id}`, { ...memberRoutes(ana), ...profileRoutes(nameless) });

    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Member');
    expect(screen.getByTestId('follow-button')).toHaveTextContent('Follow');
    expect(screen.queryByTestId('edit-profile-button')).toBeNull();
    expect(screen.queryByTestId('logout-button')).toBeNull();
    expect(screen.queryByTestId('push-toggle')).toBeNull();
    expect(screen.queryByTestId('profile-email')).toBeNull();
  });

  it("flips at once, and reverts with 'FOLLOW FAILED' when the server refuses", async () => {
    const answer = pending<Answered<'POST /api/users/:userId/follow'>>();
    renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(ben),
      ...fakeRoute('POST /api/users/:userId/follow', { userId: ben.id }, () => answer.promise),
    });
    const follow = await screen.findByTestId('follow-button');

    await userEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(follow).toHaveTextContent('Following');
    expect(screen.getByTestId('followers-count').parentElement).toHaveTextContent(/^2 followers$/);

    answer.resolve(textResponse('{"message":"boom"}', 500, 'Internal Server Error'));

    expect(await screen.findByText('FOLLOW FAILED')).toBeInTheDocument();
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('followers-count').parentElement).toHaveTextContent(/^1 follower$/);
  });

  it('keeps Following when the server agrees, then settles to its counts', async () => {
    let followed = false;
    renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/profile/:userId', { userId: ben.id }, () => ({
        ...ben,
        isFollowing: followed,
        followersCount: followed ? 5 : 1,
      })),
      ...fakeRoute('GET /api/profile/:userId/statistics', { userId: ben.id }, () => fakeStatistics()),
      ...fakeRoute('POST /api/users/:userId/follow', { userId: ben.id }, () => {
        followed = true;
        return { isFollowing: true, followersCount: 5 };
      }),
    });
    await userEvent.click(await screen.findByTestId('follow-button'));

    await waitFor(() => expect(screen.getByTestId('followers-count')).toHaveTextContent('5'));
    expect(screen.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes back to /following from find people, otherwise to the feed', async () => {
    renderApp(`/profile/${ben.id}?from=find-people`, { ...memberRoutes(ana), ...profileRoutes(ben) });
    const back = await screen.findByTestId('profile-back-link');
    expect(back).toHaveTextContent('Back to Find People');
    expect(back.getAttribute('href')).toMatch(/^\/following/);
  });

  it('ignores an unknown from= and goes back to the feed', async () => {
    renderApp(`/profile/${ben.id}?from=elsewhere`, { ...memberRoutes(ana), ...profileRoutes(ben) });
    const back = await screen.findByTestId('profile-back-link');
    expect(back).toHaveTextContent('Back to Feed');
    expect(back).toHaveAttribute('href', '/');
  });

  it('keeps the profile in view when refreshing it fails, and says MEMBER NOT FOUND once it is gone', async () => {
    const ben = fakeProfile({ firstName: 'Ben', lastName: 'Dawn', profileName: null });
    let answer: 'profile' | 'unavailable' | 'gone' = 'profile';
    const { queryClient } = renderApp(`/profile/${ben.id}`, {
      ...memberRoutes(ana),
      ...profileRoutes(ben),
      ...fakeRoute('GET /api/profile/:userId', { userId: ben.id }, () =>
        answer === 'profile'
          ? ben
          : answer === 'unavailable'
            ? textResponse('', 503, 'Unavailable')
            : textResponse('', 404, 'Not Found'),
      ),
    });
    expect(await screen.findByTestId('profile-name')).toHaveTextContent('Ben Dawn');

    answer = 'unavailable';
    await refetchAll(queryClient);
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Ben Dawn');
    expect(screen.queryByTestId('profile-error')).toBeNull();

    answer = 'gone';
    await refetchAll(queryClient);
    expect(screen.getByTestId('profile-error')).toHaveTextContent('MEMBER NOT FOUND');
  });

  it('shows MEMBER NOT FOUND for an unknown id', async () => {
    const nobody = crypto.randomUUID();
    renderApp(`/profile/${nobody}`, {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/profile/:userId', { userId: nobody }, () => textResponse('', 404, 'Not Found')),
    });
    expect(await screen.findByTestId('profile-error')).toHaveTextContent('MEMBER NOT FOUND');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('shows MEMBER NOT FOUND for an address whose id is not a member id, without asking the API', async () => {
    const { calls } = renderApp('/profile/nope-nope', memberRoutes(ana));

    expect(await screen.findByTestId('profile-error')).toHaveTextContent('MEMBER NOT FOUND');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(calls.filter((call) => call.url.pathname.includes('nope-nope'))).toEqual([]);
  });
});

describe('own profile invite dialog', () => {
  const own = fakeProfile({ id: ana.id });

  it('generates a code, copies the link with 2 s of feedback, and retries after a failure', async () => {
    let fail = true;
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...fakeRoute('POST /api/invites/generate', () =>
        fail
          ? textResponse('', 500, 'Internal Server Error')
          : { inviteCode: 'SUNRISE42', expiresAt: '2026-12-28T05:00:00.000Z' },
      ),
    });
    await userEvent.click(await screen.findByTestId('invite-friends-button'));

    const dialog = await screen.findByTestId('invite-dialog');
    expect(await within(dialog).findByTestId('invite-failed')).toHaveTextContent(
      'Failed to generate invite code',
    );

    fail = false;
    await userEvent.click(within(dialog).getByTestId('invite-retry'));
    expect(await within(dialog).findByTestId('invite-code')).toHaveTextContent('SUNRISE42');

    await userEvent.click(within(dialog).getByTestId('invite-copy'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/SUNRISE42`);
    expect(within(dialog).getByTestId('invite-copy')).toHaveTextContent('COPIED!');
    expect(await screen.findByText('Invite link copied to clipboard')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByTestId('invite-copy')).toHaveTextContent('COPY'), {
      timeout: 3000,
    });
  });
});
