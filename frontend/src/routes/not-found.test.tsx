import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textResponse } from '@/test/fakes';
import { renderApp } from '@/test/render-app';
import { fakeRoute } from '@/test/gateway';

const signedOut = {
  ...fakeRoute('GET /api/auth/user', () => textResponse('Unauthorized', 401, 'Unauthorized')),
};

describe('not-found route', () => {
  it("shows '404 Page Not Found' for an unknown address", async () => {
    renderApp('/this/does/not/exist', signedOut);

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the feed' })).toHaveAttribute('href', '/');
  });

  it('keeps known routes out of the 404 screen', async () => {
    renderApp('/test/streak-calculation', {
      ...signedOut,
      ...fakeRoute('GET /api/posts', () => []),
    });

    expect(await screen.findByText('Streak calculation test')).toBeInTheDocument();
    expect(screen.queryByText('404 Page Not Found')).not.toBeInTheDocument();
  });

  it('sends /invite without a code to the feed', async () => {
    const { router } = renderApp('/invite', { ...signedOut, ...fakeRoute('GET /api/posts', () => []) });

    expect(await screen.findByTestId('empty-feed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
