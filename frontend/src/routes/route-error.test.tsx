import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeRoute, guestRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

// Two screens made to fail: the blog list while rendering, a profile in its route's loader. Neither
// route has an error screen of its own, so what shows is the router's default.
const failing = vi.hoisted(() => ({ blogList: true }));

vi.mock('@/features/blog/blog-list-page', () => ({
  BlogListPage: () => {
    if (failing.blogList) throw new Error('The blog list broke');
    return <p>The blog list, mended</p>;
  },
}));

vi.mock('@/features/profile/queries', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/profile/queries')>()),
  profileQueryOptions: () => {
    throw new Error('The profile loader broke');
  },
}));

const signedOut = { ...guestRoutes, ...fakeRoute('GET /api/posts', () => []) };

async function findErrorScreen() {
  return within(await screen.findByTestId('route-error'));
}

describe('default error screen', () => {
  beforeEach(() => {
    failing.blogList = true;
    // React and the router report the caught error; here it is the point of the test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('shows for a screen that throws while rendering, inside the app, with a way back', async () => {
    renderApp('/blog', signedOut);

    const errorScreen = await findErrorScreen();
    expect(errorScreen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
    expect(errorScreen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toContainElement(screen.getByTestId('route-error'));
  });

  it('loads the screen again on Try Again', async () => {
    renderApp('/blog', signedOut);
    const errorScreen = await findErrorScreen();

    failing.blogList = false;
    await userEvent.click(errorScreen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('The blog list, mended')).toBeInTheDocument();
    expect(screen.queryByTestId('route-error')).not.toBeInTheDocument();
  });

  it("shows for a route whose loader throws, and 'Go to the feed' leaves it", async () => {
    const { router } = renderApp('/profile/5f0c8a34-1b7e-4c2d-9a61-3e8f2d4b7c90', signedOut);
    const errorScreen = await findErrorScreen();

    await userEvent.click(errorScreen.getByRole('link', { name: 'Go to the feed' }));

    expect(await screen.findByTestId('empty-feed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
