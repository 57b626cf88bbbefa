import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, textResponse } from '@/test/fakes';
import { fakeRoute, guestRoutes, memberRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

describe('/test/empty-feed', () => {
  it('shows the empty feed', async () => {
    renderApp('/test/empty-feed', { ...guestRoutes, ...fakeRoute('GET /api/test/empty-posts', () => []) });

    expect(await screen.findByTestId('empty-feed')).toBeInTheDocument();
  });

  it("shows 'Unable to load posts' with Try Again when the fetch fails", async () => {
    let fail = true;
    renderApp('/test/empty-feed', {
      ...guestRoutes,
      ...fakeRoute('GET /api/test/empty-posts', () => (fail ? textResponse('', 502, 'Bad Gateway') : [])),
    });

    const error = await screen.findByTestId('feed-error');
    expect(error).toHaveTextContent('Unable to load posts');
    expect(error).toHaveTextContent('Failed to fetch posts: Bad Gateway');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('empty-feed')).toBeInTheDocument();
  });
});

describe('/test/celebration', () => {
  it.each([
    ['5am', 'LEGENDARY 5AM POST!'],
    ['6am', 'STELLAR 6AM POST!'],
    ['regular', 'MORNING VICTORY!'],
  ])('opens the %s scenario', async (scenario, title) => {
    renderApp('/test/celebration', guestRoutes);

    await userEvent.click(await screen.findByTestId(`celebrate-${scenario}`));

    expect(await screen.findByTestId('celebration-title')).toHaveTextContent(title);
  });
});

describe('/test/empty-following', () => {
  it('simulates 2 followers and 0 following and shows the invite prompt until Maybe Later', async () => {
    renderApp('/test/empty-following', guestRoutes);

    expect(await screen.findByTestId('followers-count')).toHaveTextContent('2');
    expect(screen.getByTestId('following-count')).toHaveTextContent('0');
    expect(screen.getByTestId('invite-prompt')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('invite-maybe-later'));
    expect(screen.queryByTestId('invite-prompt')).toBeNull();
  });

  it('shares an invite through the invite dialog for a member', async () => {
    renderApp('/test/empty-following', {
      ...memberRoutes(fakeCurrentUser()),
      ...fakeRoute('POST /api/invites/generate', () => ({
        inviteCode: 'EARLY123',
        expiresAt: '2026-12-28T05:00:00.000Z',
      })),
    });

    await userEvent.click(await screen.findByTestId('share-invite'));
    expect(await screen.findByTestId('invite-code')).toHaveTextContent('EARLY123');
  });
});
