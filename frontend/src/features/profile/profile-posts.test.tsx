import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakePost, fakeProfile, textResponse } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

const viewer = fakeCurrentUser({ firstName: 'Ben' });

describe('profile posts: "Load more posts" 10 at a time, like the feed', () => {
  // 25 posts, newest first: the profile carries the first 10, the rest come from /posts pages.
  const posts = Array.from({ length: 25 }, (_, index) => fakePost({ content: `Morning ${25 - index}` }));
  const ana = fakeProfile({ firstName: 'Ana', posts: posts.slice(0, 10) });

  it('shows 10, then 20, then 25, and the button goes once the last page is short', async () => {
    const { calls } = renderApp(`/profile/${ana.id}`, {
      ...memberRoutes(viewer),
      ...profileRoutes(ana),
      ...fakeRoute('GET /api/profile/:userId/posts', { userId: ana.id }, ({ url }) => {
        const offset = Number(url.searchParams.get('offset'));
        return posts.slice(offset, offset + Number(url.searchParams.get('limit')));
      }),
    });
    const shown = () => screen.getAllByTestId('post-card').length;

    expect(await screen.findByText('Morning 25')).toBeInTheDocument();
    expect(shown()).toBe(10);
    // The older pages wait for the visitor to ask.
    expect(calls.filter((call) => call.url.pathname.endsWith('/posts'))).toEqual([]);

    await userEvent.click(screen.getByTestId('load-more-posts'));
    await waitFor(() => expect(shown()).toBe(20));
    await userEvent.click(screen.getByTestId('load-more-posts'));
    await waitFor(() => expect(shown()).toBe(25));
    expect(screen.getByText('Morning 1')).toBeInTheDocument();
    expect(screen.queryByTestId('load-more-posts')).toBeNull();
    expect(
      calls.filter((call) => call.url.pathname.endsWith('/posts')).map((call) => call.url.search),
    ).toEqual(['?limit=10&offset=10', '?limit=10&offset=20']);
  });

  it('says so when a page fails, keeps the posts, and the button tries that page again', async () => {
    const failing = new Set(['10', '20']);
    renderApp(`/profile/${ana.id}`, {
      ...memberRoutes(viewer),
      ...profileRoutes(ana),
      ...fakeRoute('GET /api/profile/:userId/posts', { userId: ana.id }, ({ url }) => {
        const offset = url.searchParams.get('offset') ?? '';
        if (failing.delete(offset)) return textResponse('', 503, 'Unavailable');
        return posts.slice(Number(offset), Number(offset) + 10);
      }),
    });
    const shown = () => screen.getAllByTestId('post-card').length;
    expect(await screen.findByText('Morning 25')).toBeInTheDocument();

    // The first older page fails, then answers.
    await userEvent.click(screen.getByTestId('load-more-posts'));
    expect(await screen.findByTestId('profile-posts-failed')).toHaveTextContent('Unable to load posts.');
    expect(shown()).toBe(10);
    await userEvent.click(screen.getByTestId('load-more-posts'));
    await waitFor(() => expect(shown()).toBe(20));
    expect(screen.queryByTestId('profile-posts-failed')).toBeNull();

    // So does the next.
    await userEvent.click(screen.getByTestId('load-more-posts'));
    expect(await screen.findByTestId('profile-posts-failed')).toBeInTheDocument();
    expect(shown()).toBe(20);
    await userEvent.click(screen.getByTestId('load-more-posts'));
    await waitFor(() => expect(shown()).toBe(25));
    expect(screen.queryByTestId('profile-posts-failed')).toBeNull();
  });

  it('offers no button when the profile holds fewer than 10 posts', async () => {
    const few = fakeProfile({ posts: posts.slice(0, 3) });
    renderApp(`/profile/${few.id}`, { ...memberRoutes(viewer), ...profileRoutes(few) });

    expect(await screen.findByText('Morning 23')).toBeInTheDocument();
    expect(screen.queryByTestId('load-more-posts')).toBeNull();
  });
});
