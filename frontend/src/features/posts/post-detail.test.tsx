import { COMMENT_MAX_LENGTH } from '@daybreak/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeComment, fakeCurrentUser, fakePost, textResponse } from '@/test/fakes';
import { fakeBadge } from '@/test/streak-fakes';
import { fakeRoute, guestRoutes, memberRoutes, pending, type Answered } from '@/test/gateway';
import { refetchAll, renderApp } from '@/test/render-app';

const ana = fakeCurrentUser();

function detailRoutes(post: ReturnType<typeof fakePost>) {
  return {
    ...fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post),
    ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => [
      fakeComment({ content: 'First!' }),
    ]),
    ...fakeRoute('GET /api/posts/:postId/badges', { postId: post.id }, () =>
      textResponse('', 404, 'Not Found'),
    ),
    ...fakeRoute('GET /api/posts/:postId/like-status', { postId: post.id }, () => ({
      isLiked: post.isLiked,
    })),
  };
}

describe('post detail', () => {
  it("shows 'POST NOT FOUND' with a way back for a missing post", async () => {
    const missing = crypto.randomUUID();
    renderApp(`/post/${missing}`, {
      ...guestRoutes,
      ...fakeRoute('GET /api/posts/:postId', { postId: missing }, () => textResponse('', 404, 'Not Found')),
    });

    expect(await screen.findByRole('heading', { name: 'POST NOT FOUND' })).toBeInTheDocument();
    expect(screen.getByTestId('back-link')).toHaveAttribute('href', '/');
  });

  it("shows 'POST NOT FOUND' for an address whose id is not a post id, without asking the API", async () => {
    const { calls } = renderApp('/post/does-not-exist', guestRoutes);

    expect(await screen.findByRole('heading', { name: 'POST NOT FOUND' })).toBeInTheDocument();
    expect(screen.getByTestId('back-link')).toHaveAttribute('href', '/');
    expect(calls.filter((call) => call.url.pathname.includes('does-not-exist'))).toEqual([]);
  });

  it('shows the post with its comments, and no badge section when badges 404', async () => {
    const post = fakePost({ content: 'Sunrise swim' });
    renderApp(`/post/${post.id}`, { ...guestRoutes, ...detailRoutes(post) });

    expect(await screen.findByText('Sunrise swim')).toBeInTheDocument();
    expect(await screen.findByText('First!')).toBeInTheDocument();
    expect(screen.queryByTestId('post-badges')).toBeNull();
  });

  it('lists the badges earned with the post', async () => {
    const post = fakePost();
    renderApp(`/post/${post.id}`, {
      ...guestRoutes,
      ...detailRoutes(post),
      ...fakeRoute('GET /api/posts/:postId/badges', { postId: post.id }, () => [
        fakeBadge({ id: 'b1', name: 'First Light', emoji: '🌅' }),
      ]),
    });

    expect(await screen.findByTestId('post-badges')).toHaveTextContent('First Light');
  });

  it('changes the like only after the server agrees', async () => {
    const answer = pending<Answered<'POST /api/posts/:postId/like'>>();
    const post = fakePost({ likesCount: 2, isLiked: false });
    renderApp(`/post/${post.id}`, {
      ...memberRoutes(ana),
      ...detailRoutes(post),
      ...fakeRoute('POST /api/posts/:postId/like', { postId: post.id }, () => answer.promise),
    });
    const like = await screen.findByTestId('like-button');

    await userEvent.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('like-count')).toHaveTextContent('2');

    answer.resolve({ isLiked: true, likesCount: 3 });
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('like-count')).toHaveTextContent('3');
  });

  it('keeps the comments in view when refreshing them fails, with no error nor empty state over them', async () => {
    const post = fakePost();
    let answers = true;
    const { queryClient } = renderApp(`/post/${post.id}`, {
      ...memberRoutes(ana),
      ...detailRoutes(post),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () =>
        answers ? [fakeComment({ content: 'First!' })] : textResponse('', 503, 'Unavailable'),
      ),
    });
    expect(await screen.findByText('First!')).toBeInTheDocument();

    answers = false;
    await refetchAll(queryClient);

    expect(screen.getByText('First!')).toBeInTheDocument();
    expect(screen.queryByText(/Couldn't load the comments/)).toBeNull();
    expect(screen.queryByText(/No comments yet/)).toBeNull();
  });

  it("says 'Couldn't load the comments' when they can't load, and Try Again loads them", async () => {
    const post = fakePost();
    let answers = false;
    renderApp(`/post/${post.id}`, {
      ...guestRoutes,
      ...detailRoutes(post),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () =>
        answers ? [fakeComment({ content: 'First!' })] : textResponse('', 503, 'Unavailable'),
      ),
    });
    expect(await screen.findByText(/Couldn't load the comments/)).toBeInTheDocument();
    expect(screen.queryByText(/No comments yet/)).toBeNull();

    answers = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('First!')).toBeInTheDocument();
  });

  it("says 'Failed to post comment. Please try again.' when a comment fails", async () => {
    const post = fakePost();
    renderApp(`/post/${post.id}`, {
      ...memberRoutes(ana),
      ...detailRoutes(post),
      ...fakeRoute('POST /api/posts/:postId/comments', { postId: post.id }, () =>
        textResponse('', 500, 'Internal Server Error'),
      ),
    });

    await userEvent.type(await screen.findByTestId('comment-input'), 'Hello');
    await userEvent.click(screen.getByTestId('comment-submit'));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to post comment. Please try again.');
  });

  it('takes no more comment than the server accepts (1,000 characters)', async () => {
    const post = fakePost();
    renderApp(`/post/${post.id}`, { ...memberRoutes(ana), ...detailRoutes(post) });
    const input = await screen.findByTestId('comment-input');

    await userEvent.click(input);
    await userEvent.paste('a'.repeat(COMMENT_MAX_LENGTH + 200));

    expect(input).toHaveValue('a'.repeat(COMMENT_MAX_LENGTH));
  });

  it('keeps the comment button off for blank text', async () => {
    const post = fakePost();
    renderApp(`/post/${post.id}`, { ...memberRoutes(ana), ...detailRoutes(post) });

    await userEvent.type(await screen.findByTestId('comment-input'), '   ');

    expect(screen.getByTestId('comment-submit')).toBeDisabled();
  });
});
