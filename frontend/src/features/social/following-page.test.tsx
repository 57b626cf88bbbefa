import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectToLogin } from '@/lib/navigation';
import { fakeCurrentUser, fakeUser, textResponse } from '@/test/fakes';
import { fakeRoute, guestRoutes, memberRoutes, membersListRoute } from '@/test/gateway';
import { renderApp } from '@/test/render-app';
import { fakeLeaderboardEntry } from '@/test/streak-fakes';

vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation')>()),
  redirectToLogin: vi.fn(),
}));

const ana = fakeCurrentUser();
const ben = { ...fakeUser({ firstName: 'Ben', lastName: 'Dawn' }), isFollowing: false };
const nameless = { ...fakeUser({ firstName: null, lastName: null }), email: 'cleo@example.com' };

async function openFindPeople(path = '/following?tab=find-people') {
  return renderApp(path, {
    ...memberRoutes(ana),
    ...membersListRoute(() => [ben, nameless]),
  });
}

describe('/following', () => {
  beforeEach(() => vi.mocked(redirectToLogin).mockClear());

  it('asks guests to sign up', async () => {
    renderApp('/following', guestRoutes);
    expect(await screen.findByTestId('sign-in-prompt')).toHaveTextContent('FOLLOWING');
  });

  it('opens on LEADERBOARD, whose empty state points to FIND PEOPLE', async () => {
    const { router } = renderApp('/following', {
      ...memberRoutes(ana),
      ...fakeRoute('GET /api/following/leaderboard/weekly', () => []),
      ...membersListRoute(() => [ben]),
    });
    await userEvent.click(await screen.findByTestId('leaderboard-find-people'));

    expect(await screen.findByTestId('people-list')).toHaveTextContent('Ben Dawn');
    expect(router.state.location.search).toEqual({ tab: 'find-people' });
  });

  it('lists people with the e-mail fallback and links to their profile from find-people', async () => {
    await openFindPeople();

    const rows = await screen.findAllByTestId('user-row');
    expect(rows.map((row) => within(row).getByTestId('user-row-name').textContent)).toEqual([
      'Ben Dawn',
      'cleo',
    ]);
    expect(within(rows[0]!).getByTestId('user-row-link')).toHaveAttribute(
      'href',
      `/profile/${ben.id}?from=find-people`,
    );
  });

  it('needs non-blank text to search, and sends the trimmed text', async () => {
    const { calls } = renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => [ben, nameless]),
      ...fakeRoute('GET /api/users/search', () => [ben]),
    });
    const input = await screen.findByTestId('people-search-input');
    const submit = screen.getByTestId('people-search-submit');

    await userEvent.type(input, '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(input, '{Enter}');
    expect(calls.some((call) => call.url.pathname === '/api/users/search')).toBe(false);

    await userEvent.type(input, ' ben ');
    await userEvent.click(submit);

    expect(await screen.findByTestId('search-results')).toHaveTextContent('Ben Dawn');
    const search = calls.find((call) => call.url.pathname === '/api/users/search');
    expect(search?.url.searchParams.get('q')).toBe('ben');
  });

  it("follows with 'Now following user.' and unfollows with 'Unfollowed user.'", async () => {
    renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => [ben]),
      ...fakeRoute('POST /api/users/:userId/follow', { userId: ben.id }, () => ({
        isFollowing: true,
        followersCount: 1,
      })),
      ...fakeRoute('DELETE /api/users/:userId/follow', { userId: ben.id }, () => ({
        isFollowing: false,
        followersCount: 0,
      })),
    });
    const follow = await screen.findByRole('button', { name: 'Follow Ben Dawn' });

    await userEvent.click(follow);
    expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Now following user.')).toBeInTheDocument();

    await userEvent.click(follow);
    expect(await screen.findByText('Unfollowed user.')).toBeInTheDocument();
    expect(follow).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows a member followed from FIND PEOPLE on the leaderboard, and no longer once unfollowed', async () => {
    let follows = false;
    const viewerEntry = fakeLeaderboardEntry({ id: ana.id, isCurrentUser: true, firstName: 'Ana' });
    const benEntry = fakeLeaderboardEntry({ id: ben.id, firstName: 'Ben', lastName: 'Dawn' });
    renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => [{ ...ben, isFollowing: follows }]),
      ...fakeRoute('GET /api/following/leaderboard/weekly', () =>
        follows ? [benEntry, viewerEntry] : [viewerEntry],
      ),
      ...fakeRoute('POST /api/users/:userId/follow', { userId: ben.id }, () => {
        follows = true;
        return { isFollowing: true, followersCount: 1 };
      }),
      ...fakeRoute('DELETE /api/users/:userId/follow', { userId: ben.id }, () => {
        follows = false;
        return { isFollowing: false, followersCount: 0 };
      }),
    });
    const leaderboardNames = async () =>
      (await screen.findAllByTestId('leaderboard-name')).map((name) => name.textContent);

    await userEvent.click(await screen.findByTestId('tab-leaderboard'));
    expect(await screen.findByTestId('leaderboard-empty')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('tab-find-people'));
    await userEvent.click(await screen.findByRole('button', { name: 'Follow Ben Dawn' }));
    await screen.findByText('Now following user.');
    await userEvent.click(screen.getByTestId('tab-leaderboard'));
    await waitFor(async () => expect(await leaderboardNames()).toContain('Ben Dawn'));

    await userEvent.click(screen.getByTestId('tab-find-people'));
    await userEvent.click(await screen.findByRole('button', { name: 'Following Ben Dawn' }));
    await screen.findByText('Unfollowed user.');
    await userEvent.click(screen.getByTestId('tab-leaderboard'));
    expect(await screen.findByTestId('leaderboard-empty')).toBeInTheDocument();
  });

  it("reverts a failed follow with 'Follow Error'", async () => {
    renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => [ben]),
      ...fakeRoute('POST /api/users/:userId/follow', { userId: ben.id }, () =>
        textResponse('', 500, 'Internal Server Error'),
      ),
    });
    const follow = await screen.findByRole('button', { name: 'Follow Ben Dawn' });
    await userEvent.click(follow);

    expect(await screen.findByText('Follow Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to follow user. Please try again.')).toBeInTheDocument();
    expect(follow).toHaveAttribute('aria-pressed', 'false');
  });

  it("on a 401 for the list, says 'Authentication Required' and logs in after 2 s", async () => {
    renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => textResponse('{"message":"Unauthorized"}', 401, 'Unauthorized')),
    });

    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in to view users.')).toBeInTheDocument();
    expect(redirectToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  it("says 'Failed to load users. Please try again.' on other list failures", async () => {
    renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => textResponse('', 502, 'Bad Gateway')),
    });
    expect(await screen.findByTestId('people-error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to load users. Please try again.').length).toBeGreaterThan(0);
  });

  it("says 'Search Error' when a search fails, and the 401 words for search", async () => {
    let status = 500;
    renderApp('/following?tab=find-people', {
      ...memberRoutes(ana),
      ...membersListRoute(() => [ben]),
      ...fakeRoute('GET /api/users/search', () => textResponse('{"message":"no"}', status, 'x')),
    });
    const input = await screen.findByTestId('people-search-input');
    await userEvent.type(input, 'ben{Enter}');
    expect(await screen.findByText('Search Error')).toBeInTheDocument();

    status = 401;
    await userEvent.clear(input);
    await userEvent.type(input, 'cleo{Enter}');
    expect(await screen.findByText('Please log in to search for users.')).toBeInTheDocument();
  });
});
