import { FEED_PAGE_SIZE } from '@daybreak/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectToLogin } from '@/lib/navigation';
import { fakeComment, fakeCurrentUser, fakePost, textResponse } from '@/test/fakes';
import {
  fakeRoute,
  feedRoute,
  guestRoutes,
  memberRoutes,
  pending,
  sent,
  type Answered,
} from '@/test/gateway';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation')>()),
  redirectToLogin: vi.fn(),
}));

const ana = fakeCurrentUser();

async function firstCard() {
  return within((await screen.findAllByTestId('post-card'))[0]);
}

describe('post card', () => {
  beforeEach(() => {
    vi.mocked(redirectToLogin).mockClear();
  });

  it('flips the like at once and keeps it when the server agrees', async () => {
    const answer = pending<Answered<'POST /api/posts/:postId/like'>>();
    const post = fakePost({ likesCount: 4, isLiked: false });
    renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([post]),
      ...fakeRoute('POST /api/posts/:postId/like', { postId: post.id }, () => answer.promise),
    });
    const card = await firstCard();
    // The visible counts are part of the buttons' names (WCAG 2.5.3 label in name).
    expect(card.getByRole('button', { name: 'Like 4' })).toBe(card.getByTestId('like-button'));
    expect(card.getByRole('button', { name: `Comment ${post.commentsCount}` })).toBe(
      card.getByTestId('comment-button'),
    );

    await userEvent.click(card.getByTestId('like-button'));

    expect(card.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    expect(card.getByTestId('like-count')).toHaveTextContent('5');
    answer.resolve({ isLiked: true, likesCount: 9 });
    await waitFor(() => expect(card.getByTestId('like-count')).toHaveTextContent('9'));
  });

  it("reverts the like and says 'Failed to update like. Please try again.' on error", async () => {
    const post = fakePost({ likesCount: 4, isLiked: true });
    renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([post]),
      ...fakeRoute('POST /api/posts/:postId/like', { postId: post.id }, () =>
        textResponse('', 500, 'Internal Server Error'),
      ),
    });
    const card = await firstCard();

    await userEvent.click(card.getByTestId('like-button'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to update like. Please try again.');
    expect(card.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    expect(card.getByTestId('like-count')).toHaveTextContent('4');
  });

  it("answers a 401 with 'Unauthorized' and a new login", async () => {
    const post = fakePost();
    renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([post]),
      ...fakeRoute('POST /api/posts/:postId/like', { postId: post.id }, () =>
        textResponse('Unauthorized', 401, 'Unauthorized'),
      ),
    });
    const card = await firstCard();

    await userEvent.click(card.getByTestId('like-button'));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Unauthorized');
    expect(toast).toHaveTextContent('You are logged out. Logging in again...');
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalled(), { timeout: 1500 });
  });

  it('asks a guest who likes to log in, without calling the API', async () => {
    const { calls } = renderApp('/', { ...guestRoutes, ...feedRoute([fakePost()]) });
    const card = await firstCard();

    await userEvent.click(card.getByTestId('like-button'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Log in to like posts.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalled(), { timeout: 2500 });
  });

  it("previews 3 comments, then 'Show N more comments' loads the rest", async () => {
    const comments = Array.from({ length: 5 }, (_, index) =>
      fakeComment({ content: `Comment ${index + 1}` }),
    );
    const post = fakePost({ commentsCount: 5, comments: comments.slice(0, 3) });
    renderApp('/', {
      ...guestRoutes,
      ...feedRoute([post]),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => comments),
    });
    const card = await firstCard();
    expect(card.getAllByTestId('comment')).toHaveLength(3);

    await userEvent.click(card.getByRole('button', { name: 'Show 2 more comments' }));

    expect(await card.findByText('Comment 5')).toBeInTheDocument();
    expect(card.getAllByTestId('comment')).toHaveLength(5);
  });

  it('adds a comment from the card', async () => {
    const post = fakePost({ commentsCount: 0 });
    renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([post]),
      ...fakeRoute('POST /api/posts/:postId/comments', { postId: post.id }, ({ init }) =>
        sent(fakeComment({ content: (JSON.parse(init?.body as string) as { content: string }).content }), {
          status: 201,
        }),
      ),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => []),
    });
    const card = await firstCard();

    await userEvent.click(card.getByTestId('comment-button'));
    expect(card.getByTestId('comment-input')).toHaveFocus();
    await userEvent.type(card.getByTestId('comment-input'), '  Rise up!  ');
    await userEvent.click(card.getByTestId('comment-submit'));

    expect(await card.findByText('Rise up!')).toBeInTheDocument();
    expect(card.getByTestId('comment-count')).toHaveTextContent('1');
    expect(await screen.findByTestId('toast')).toHaveTextContent('Comment posted successfully.');
  });

  it("copies the share link when there is no share sheet: 'Post link copied to clipboard!'", async () => {
    const user = userEvent.setup();
    const post = fakePost({ content: 'Sunrise '.repeat(30) });
    renderApp('/', { ...guestRoutes, ...feedRoute([post]) });
    const card = await firstCard();

    await user.click(card.getByTestId('share-button'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Post link copied to clipboard!');
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/share/post/${post.id}`,
    );
  });

  it('shows the full date and time of a post when the pointer comes over its time', async () => {
    const createdAt = '2025-03-10T10:30:00.000Z';
    renderApp('/', { ...guestRoutes, ...feedRoute([fakePost({ createdAt })]) });

    const time = (await firstCard()).getByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', createdAt);
    await userEvent.hover(time);
    expect(time).toHaveAttribute('title', new Date(createdAt).toLocaleString());
  });

  it("tags posts made between 5 and 7 AM in the author's zone as EARLY BIRD", async () => {
    renderApp('/', {
      ...guestRoutes,
      ...feedRoute([
        // 10:30 UTC is 6:30 in New York in March (EDT) and 19:30 in Tokyo.
        fakePost({ content: 'ny', createdAt: '2025-03-10T10:30:00.000Z', timezone: 'America/New_York' }),
        fakePost({ content: 'tokyo', createdAt: '2025-03-10T10:30:00.000Z', timezone: 'Asia/Tokyo' }),
      ]),
    });

    const [newYork, tokyo] = (await screen.findAllByTestId('post-card')).map((card) => within(card));
    expect(newYork?.getByTestId('early-bird-tag')).toHaveTextContent('EARLY BIRD');
    expect(tokyo?.queryByTestId('early-bird-tag')).toBeNull();
  });

  it('highlights the post of ?post= for 3 seconds, then drops the parameter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const posts = [fakePost(), fakePost()];
    const target = posts[1]?.id ?? '';
    const { router } = renderApp(`/?post=${target}`, { ...guestRoutes, ...feedRoute(posts) });

    const cards = await screen.findAllByTestId('post-card');
    expect(cards[1]).toHaveAttribute('data-highlighted', 'true');
    expect(cards[0]).not.toHaveAttribute('data-highlighted');

    await vi.advanceTimersByTimeAsync(3000);

    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getAllByTestId('post-card')[1]).not.toHaveAttribute('data-highlighted');
  });

  it('loads later pages of the feed to find the post of ?post=, and highlights it there', async () => {
    const firstPage = Array.from({ length: FEED_PAGE_SIZE }, () => fakePost());
    const target = fakePost({ content: 'From last week' });
    renderApp(`/?post=${target.id}`, {
      ...guestRoutes,
      ...feedRoute(firstPage, [fakePost(), target]),
    });

    const card = (await screen.findByText('From last week')).closest('[data-testid="post-card"]');
    await waitFor(() => expect(card).toHaveAttribute('data-highlighted', 'true'));
  });

  it("opens the post's own page when ?post= is not among the feed's pages", async () => {
    const gone = fakePost();
    const { router } = renderApp(`/?post=${gone.id}`, {
      ...guestRoutes,
      ...feedRoute([fakePost(), fakePost()]),
      ...fakeRoute('GET /api/posts/:postId', { postId: gone.id }, () => textResponse('', 404, 'Not Found')),
    });

    expect(await screen.findByRole('heading', { name: 'POST NOT FOUND' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/post/${gone.id}`);
  });
});
