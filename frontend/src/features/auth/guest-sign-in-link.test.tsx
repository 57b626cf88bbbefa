import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectToLogin } from '@/lib/navigation';
import { fakeComment, fakePost, textResponse } from '@/test/fakes';
import { fakeRoute, feedRoute, guestRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/navigation')>()),
  redirectToLogin: vi.fn(),
}));

// A guest's sign-in controls are links (ADR 0032): on a server-rendered page they work before the
// scripts have run, and they lead where the hydrated app's control leads.
describe("a guest's way to sign in is a link", () => {
  beforeEach(() => vi.mocked(redirectToLogin).mockClear());

  it('on a feed card: Like and Comment sign in and come back to the feed', async () => {
    const post = fakePost({ likesCount: 4, commentsCount: 2 });
    renderApp('/', { ...guestRoutes, ...feedRoute([post]) });
    const card = within(await screen.findByTestId('post-card'));

    expect(card.getByRole('link', { name: 'Like 4' })).toHaveAttribute('href', '/api/login?returnTo=%2F');
    expect(card.getByRole('link', { name: 'Comment 2' })).toHaveAttribute('href', '/api/login?returnTo=%2F');
  });

  it('once hydrated, a plain click says why first, then signs in to the same page', async () => {
    renderApp('/', { ...guestRoutes, ...feedRoute([fakePost()]) });

    await userEvent.click(await screen.findByRole('link', { name: /^Comment/ }));

    expect(await screen.findByTestId('toast')).toHaveTextContent('Log in to comment on posts.');
    await waitFor(() => expect(redirectToLogin).toHaveBeenCalledWith('/'), { timeout: 2500 });
  });

  it("on a post's page: Like and the comment box sign in and come back to the post", async () => {
    const post = fakePost({ likesCount: 1 });
    renderApp(`/post/${post.id}`, {
      ...guestRoutes,
      ...fakeRoute('GET /api/posts/:postId', { postId: post.id }, () => post),
      ...fakeRoute('GET /api/posts/:postId/comments', { postId: post.id }, () => [fakeComment()]),
      ...fakeRoute('GET /api/posts/:postId/badges', { postId: post.id }, () =>
        textResponse('', 404, 'Not Found'),
      ),
    });
    const back = `/api/login?returnTo=${encodeURIComponent(`/post/${post.id}`)}`;

    expect(await screen.findByRole('link', { name: 'Like 1' })).toHaveAttribute('href', back);
    expect(screen.getByRole('link', { name: 'Log in to comment...' })).toHaveAttribute('href', back);
  });

  it('on an empty feed and the bottom bar: to sign-in, then to what was asked for', async () => {
    renderApp('/', { ...guestRoutes, ...feedRoute([]) });

    expect(await screen.findByRole('link', { name: 'Join and share the first post' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fcreate-post',
    );
    const nav = within(screen.getByTestId('bottom-nav'));
    expect(nav.getByRole('link', { name: 'For You' })).toHaveAttribute('href', '/');
    for (const [name, path] of [
      ['Following', '/following'],
      ['Post', '/create-post'],
      ['Alerts', '/notifications'],
      ['Profile', '/profile'],
    ]) {
      expect(nav.getByRole('link', { name })).toHaveAttribute(
        'href',
        `/api/login?returnTo=${encodeURIComponent(path!)}`,
      );
    }
  });

  it("on a members-only screen: the prompt's SIGN IN comes back to that screen", async () => {
    renderApp('/notifications', guestRoutes);

    expect(await screen.findByRole('link', { name: 'SIGN IN' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fnotifications',
    );
  });
});
