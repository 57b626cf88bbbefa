import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from '@/lib/analytics';
import { fakeCurrentUser, fakePost, fakeStatistics, textResponse } from '@/test/fakes';
import { fakeRoute, memberRoutes, sent } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/analytics', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/analytics')>()),
  trackEvent: vi.fn(),
}));

const ana = fakeCurrentUser();

/** Posts from /create-post while the streaks service answers `before` until the post, then `after`. */
async function post({ before, after }: { before: number | null; after: number | null }) {
  let posted = false;
  const streak = () => (posted ? after : before);
  const app = renderApp('/create-post', {
    ...memberRoutes(ana),
    ...fakeRoute('GET /api/profile/:userId/statistics', { userId: ana.id }, () => {
      const current = streak();
      return current === null
        ? textResponse('', 503, 'Service Unavailable')
        : fakeStatistics({ currentStreak: current });
    }),
    ...fakeRoute('POST /api/posts', () => {
      posted = true;
      return sent(
        {
          post: fakePost({ userId: ana.id, user: ana }),
          newBadges: [
            { id: 'first-light', name: 'First Light', emoji: '🌅', progress: 1, target: 1 },
            { id: 'three-day', name: 'Three in a Row', emoji: '🔥', progress: 3, target: 3 },
          ],
          nextEligibleBadges: [],
        },
        { status: 201 },
      );
    }),
  });
  await userEvent.type(await screen.findByTestId('create-post-input'), 'Up at 5!');
  await userEvent.click(screen.getByTestId('create-post-submit'));
  await screen.findByTestId('celebration-dialog');
  return app;
}

/**
 * Resolves once the statistics were read again after the post and that read settled; a macrotask later
 * every promise chained on it (the streak comparison) has run.
 */
async function afterReadSettled({ calls, queryClient }: Awaited<ReturnType<typeof post>>) {
  const statisticsKey = ['/api/profile', ana.id, 'statistics'];
  await waitFor(() => {
    const postIndex = calls.findIndex((call) => call.method === 'POST');
    const readsAfter = calls.slice(postIndex).filter((call) => call.url.pathname.endsWith('/statistics'));
    expect(readsAfter.length).toBeGreaterThan(0);
    expect(queryClient.getQueryState(statisticsKey)?.fetchStatus).toBe('idle');
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const streakEvents = () => vi.mocked(trackEvent).mock.calls.filter(([name]) => name === 'streak_achieved');

describe('post analytics', () => {
  beforeEach(() => {
    vi.mocked(trackEvent).mockClear();
  });

  it('records badge_earned for each new badge', async () => {
    await post({ before: 0, after: 0 });

    expect(vi.mocked(trackEvent).mock.calls.filter(([name]) => name === 'badge_earned')).toEqual([
      ['badge_earned', { badge_id: 'first-light', badge_name: 'First Light' }],
      ['badge_earned', { badge_id: 'three-day', badge_name: 'Three in a Row' }],
    ]);
  });

  it('records streak_achieved when the post grows the current streak', async () => {
    await post({ before: 2, after: 3 });

    await waitFor(() =>
      expect(streakEvents()).toEqual([['streak_achieved', { streak: 3, previous_streak: 2 }]]),
    );
  });

  it('records no streak_achieved when the streak stays the same', async () => {
    await afterReadSettled(await post({ before: 3, after: 3 }));

    expect(streakEvents()).toEqual([]);
  });

  it('records no streak_achieved when the streaks service is down', async () => {
    await afterReadSettled(await post({ before: null, after: null }));

    expect(streakEvents()).toEqual([]);
  });
});
