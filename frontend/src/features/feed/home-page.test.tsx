import { FEED_PAGE_SIZE, feedPageUrl } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakePost, fakeStatistics, fakeUser, textResponse } from '@/test/fakes';
import { refetchAll, renderApp } from '@/test/render-app';
import { fakeRoute, fakeRouteAt, feedRoute as feed, sent, type FakeRoutes } from '@/test/gateway';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early', profileName: null });
const signedIn: FakeRoutes = {
  ...fakeRoute('GET /api/auth/user', () => ana),
  ...fakeRoute('GET /api/notifications/unread-count', () => ({ count: 3 })),
  ...fakeRoute('GET /api/profile/:userId/statistics', { userId: ana.id }, () =>
    fakeStatistics({ currentStreak: 4 }),
  ),
};
const signedOut: FakeRoutes = {
  ...fakeRoute('GET /api/auth/user', () => textResponse('Unauthorized', 401, 'Unauthorized')),
};

describe('home feed', () => {
  it('shows the product name while the auth check runs', async () => {
    renderApp(
      '/',
      fakeRoute('GET /api/auth/user', () => new Promise(() => undefined)),
    );

    expect(await screen.findByTestId('auth-loading')).toHaveTextContent('Daybreak');
  });

  it('welcomes guests with a join button and no member chrome', async () => {
    renderApp('/', { ...signedOut, ...feed([fakePost()]) });

    expect(await screen.findByTestId('guest-welcome')).toBeInTheDocument();
    expect(screen.getByTestId('login-button')).toHaveTextContent('JOIN DAYBREAK');
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument();
    expect(screen.queryByTestId('quick-post-input')).not.toBeInTheDocument();
    expect(screen.getByTestId('bottom-nav')).toBeInTheDocument();
  });

  it('names authors by profile name, else first and last name', async () => {
    renderApp('/', {
      ...signedOut,
      ...feed([
        fakePost({ user: fakeUser({ profileName: 'SunChaser', firstName: 'Zoe' }) }),
        fakePost({ user: fakeUser({ profileName: null, firstName: 'Ben', lastName: 'Dawn' }) }),
        fakePost({ user: fakeUser({ profileName: null, firstName: null, lastName: null }) }),
      ]),
    });

    const cards = await screen.findAllByTestId('post-card');
    expect(cards.map((card) => within(card).getByTestId('post-author').textContent)).toEqual([
      'SunChaser',
      'Ben Dawn',
      'Member',
    ]);
  });

  it('renders post text as text, never as HTML', async () => {
    renderApp('/', { ...signedOut, ...feed([fakePost({ content: '<img src=x onerror=alert(1)> hi' })]) });

    const content = await screen.findByTestId('post-content');
    expect(content).toHaveTextContent('<img src=x onerror=alert(1)> hi');
    expect(content.querySelector('img')).toBeNull();
  });

  it('greets a member by first name with the streak, and shows the header with the unread badge', async () => {
    renderApp('/', { ...signedIn, ...feed([]) });

    expect(await screen.findByTestId('greeting-text')).toHaveTextContent(
      /^Good (morning|afternoon|evening), Ana$/,
    );
    expect(await screen.findByTestId('streak-badge')).toHaveTextContent('4 DAY STREAK');
    // The header's code loads on demand (members only), so it appears a moment after the greeting.
    const header = await screen.findByTestId('app-header');
    expect(await within(header).findByTestId('unread-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('empty-feed')).toBeInTheDocument();
  });

  it('shows a streak of 0 and no badge when those services fail', async () => {
    renderApp('/', {
      ...signedIn,
      ...fakeRoute('GET /api/notifications/unread-count', () => textResponse('', 502, 'Bad Gateway')),
      ...fakeRoute('GET /api/profile/:userId/statistics', { userId: ana.id }, () =>
        textResponse('', 404, 'Not Found'),
      ),
      ...feed([]),
    });

    expect(await screen.findByTestId('streak-badge')).toHaveTextContent('0 DAY STREAK');
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument());
  });

  it("offers 'Load more posts' after a full page and fetches the next offset", async () => {
    const firstPage = Array.from({ length: FEED_PAGE_SIZE }, () => fakePost());
    renderApp('/', { ...signedOut, ...feed(firstPage, [fakePost({ content: 'From page two' })]) });

    await userEvent.click(await screen.findByTestId('load-more-posts'));

    expect(await screen.findByText('From page two')).toBeInTheDocument();
    expect(screen.getAllByTestId('post-card')).toHaveLength(FEED_PAGE_SIZE + 1);
    expect(screen.queryByTestId('load-more-posts')).not.toBeInTheDocument();
  });

  it('keeps the posts when the next page fails, says so, and loads it on the next try', async () => {
    const firstPage = Array.from({ length: FEED_PAGE_SIZE }, () => fakePost());
    let pageTwoAnswers = false;
    renderApp('/', {
      ...signedOut,
      ...feed(firstPage),
      ...fakeRouteAt('GET /api/posts', feedPageUrl(FEED_PAGE_SIZE), () =>
        pageTwoAnswers ? [fakePost({ content: 'From page two' })] : textResponse('', 503, 'Unavailable'),
      ),
    });

    await userEvent.click(await screen.findByTestId('load-more-posts'));

    expect(await screen.findByTestId('load-more-failed')).toHaveTextContent(
      "Couldn't load more posts. Check your connection and try again.",
    );
    expect(screen.getAllByTestId('post-card')).toHaveLength(FEED_PAGE_SIZE);
    expect(screen.queryByText('Unable to load posts')).not.toBeInTheDocument();

    pageTwoAnswers = true;
    await userEvent.click(screen.getByTestId('load-more-posts'));
    expect(await screen.findByText('From page two')).toBeInTheDocument();
    expect(screen.queryByTestId('load-more-failed')).not.toBeInTheDocument();
  });

  it('keeps the feed in view when refreshing it fails', async () => {
    let answers = true;
    const { queryClient } = renderApp('/', {
      ...signedOut,
      ...fakeRouteAt('GET /api/posts', feedPageUrl(0), () =>
        answers ? [fakePost({ content: 'Still here' })] : textResponse('', 503, 'Unavailable'),
      ),
    });
    expect(await screen.findByText('Still here')).toBeInTheDocument();

    answers = false;
    await refetchAll(queryClient);

    expect(screen.getByText('Still here')).toBeInTheDocument();
    expect(screen.queryByText('Unable to load posts')).not.toBeInTheDocument();
  });

  it("says 'Unable to load posts' when the feed can't load, and Try Again loads it", async () => {
    let answers = false;
    renderApp('/', {
      ...signedOut,
      ...fakeRouteAt('GET /api/posts', feedPageUrl(0), () =>
        answers ? [fakePost({ content: 'Loaded at last' })] : textResponse('', 503, 'Unavailable'),
      ),
    });
    expect(await screen.findByText('Unable to load posts')).toBeInTheDocument();

    answers = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Loaded at last')).toBeInTheDocument();
  });

  it("rejects a blank quick post with 'Content Required'", async () => {
    const { calls } = renderApp('/', { ...signedIn, ...feed([]) });

    await userEvent.type(await screen.findByTestId('quick-post-input'), '   ');
    await userEvent.click(screen.getByTestId('quick-post-submit'));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Content Required');
    expect(toast).toHaveTextContent('Please enter some content for your post.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('posts with the device timezone, clears the box and refreshes the feed', async () => {
    let created = false;
    const post = fakePost({ content: 'Sunrise run done', userId: ana.id, user: ana });
    const { calls } = renderApp('/', {
      ...signedIn,
      ...fakeRouteAt('GET /api/posts', feedPageUrl(0), () => (created ? [post] : [])),
      ...fakeRoute('POST /api/posts', () => {
        created = true;
        return sent({ post, newBadges: [], nextEligibleBadges: [] }, { status: 201 });
      }),
    });

    const input = await screen.findByTestId('quick-post-input');
    await userEvent.type(input, 'Sunrise run done');
    await userEvent.click(screen.getByTestId('quick-post-submit'));

    expect(await screen.findByText('Sunrise run done', { selector: 'p' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    const body = calls.find((call) => call.method === 'POST')?.init?.body as FormData;
    expect(body.get('content')).toBe('Sunrise run done');
    expect(body.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("reports a failed post with 'Failed to create post. Please try again.'", async () => {
    renderApp('/', {
      ...signedIn,
      ...feed([]),
      ...fakeRoute('POST /api/posts', () => textResponse('', 500, 'Internal Server Error')),
    });

    await userEvent.type(await screen.findByTestId('quick-post-input'), 'Hello');
    await userEvent.click(screen.getByTestId('quick-post-submit'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to create post. Please try again.');
  });

  it("reports 'Authentication check failed' when the auth check errors", async () => {
    renderApp('/', {
      ...fakeRoute('GET /api/auth/user', () => textResponse('', 500, 'Internal Server Error')),
      ...feed([]),
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication check failed');
    expect(screen.getByTestId('guest-welcome')).toBeInTheDocument();
  });
});
