import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeComment, fakeCurrentUser, fakePost, textResponse } from '@/test/fakes';
import { fakeRoute, feedRoute, memberRoutes } from '@/test/gateway';
import { renderApp, routerSettled } from '@/test/render-app';

const ana = fakeCurrentUser();
const own = fakePost({ content: 'My sunrise', user: ana });
const others = fakePost({ content: "Ben's sunrise" });

const cardOf = async (text: string) =>
  within((await screen.findByText(text)).closest<HTMLElement>('[data-testid="post-card"]')!);

function detailRoutes(post: ReturnType<typeof fakePost>, comments = [fakeComment()]) {
  return {
    ...fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post),
    ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => comments),
    ...fakeRoute('GET /api/posts/:postId/badges', { postId: post.id }, () =>
      textResponse('', 404, 'Not Found'),
    ),
    ...fakeRoute('GET /api/posts/:postId/like-status', { postId: post.id }, () => ({ isLiked: false })),
  };
}

describe('deleting your own post', () => {
  it('is offered on your posts only, asks first, and takes the post out of the feed', async () => {
    const { calls } = renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([own, others]),
      ...fakeRoute('DELETE /api/posts/:postId', { postId: own.id }, () => undefined),
    });
    const mine = await cardOf('My sunrise');
    expect((await cardOf("Ben's sunrise")).queryByTestId('delete-post-button')).toBeNull();

    await userEvent.click(mine.getByTestId('delete-post-button'));
    expect(await screen.findByTestId('delete-post-dialog')).toHaveTextContent('Delete this post?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(mine.getByTestId('delete-post-button'));
    await userEvent.click(await screen.findByTestId('delete-post-confirm'));

    expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
    expect(screen.queryByText('My sunrise')).toBeNull();
    expect(screen.getByText("Ben's sunrise")).toBeInTheDocument();
    expect(screen.queryByTestId('delete-post-dialog')).toBeNull();
  });

  it("keeps the post and says 'Failed to delete post. Please try again.' when the server refuses", async () => {
    renderApp('/', {
      ...memberRoutes(ana),
      ...feedRoute([own]),
      ...fakeRoute('DELETE /api/posts/:postId', { postId: own.id }, () =>
        textResponse('', 500, 'Internal Server Error'),
      ),
    });
    await userEvent.click((await cardOf('My sunrise')).getByTestId('delete-post-button'));
    await userEvent.click(await screen.findByTestId('delete-post-confirm'));

    expect(await screen.findByText('Failed to delete post. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('My sunrise')).toBeInTheDocument();
  });

  it('from its own page, goes back to the feed', async () => {
    const { router } = renderApp(`/post/${own.id}`, {
      ...memberRoutes(ana),
      ...detailRoutes(own),
      ...feedRoute([others]),
      ...fakeRoute('DELETE /api/posts/:postId', { postId: own.id }, () => undefined),
    });
    await userEvent.click(await screen.findByTestId('delete-post-button'));
    await userEvent.click(await screen.findByTestId('delete-post-confirm'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText("Ben's sunrise")).toBeInTheDocument();
    // The toaster loads lazily; on a slow machine the feed can show before it does.
    expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
    await routerSettled(router);
  });
});

describe('deleting your own comment', () => {
  it('is offered on your comments only, and takes the comment away', async () => {
    const post = fakePost({ commentsCount: 2 });
    const mine = fakeComment({ content: 'Lovely light', user: ana });
    const bens = fakeComment({ content: 'Same here' });
    let deleted = false;
    renderApp(`/post/${post.id}`, {
      ...memberRoutes(ana),
      ...detailRoutes(post),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () =>
        deleted ? [bens] : [mine, bens],
      ),
      ...fakeRoute(
        'DELETE /api/posts/:postId/comments/:commentId',
        { postId: post.id, commentId: mine.id },
        () => {
          deleted = true;
        },
      ),
    });
    const comments = await screen.findAllByTestId('comment');
    expect(within(comments[1]!).queryByTestId('delete-comment-button')).toBeNull();

    await userEvent.click(within(comments[0]!).getByTestId('delete-comment-button'));
    await userEvent.click(await screen.findByTestId('delete-comment-confirm'));

    expect(await screen.findByText('Comment deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Lovely light')).toBeNull());
    expect(screen.getByText('Same here')).toBeInTheDocument();
    expect(screen.getByTestId('comment-count')).toHaveTextContent('1');
  });

  it("lets the post's author delete anyone's comment on it", async () => {
    const post = fakePost({ user: ana, commentsCount: 1 });
    const bens = fakeComment({ content: 'Nice one' });
    let deleted = false;
    renderApp(`/post/${post.id}`, {
      ...memberRoutes(ana),
      ...detailRoutes(post),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => (deleted ? [] : [bens])),
      ...fakeRoute(
        'DELETE /api/posts/:postId/comments/:commentId',
        { postId: post.id, commentId: bens.id },
        () => {
          deleted = true;
        },
      ),
    });

    await userEvent.click(await screen.findByTestId('delete-comment-button'));
    await userEvent.click(await screen.findByTestId('delete-comment-confirm'));

    expect(await screen.findByText('Comment deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Nice one')).toBeNull());
  });
});
