import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeCurrentUser, fakeProfile, fakeStatistics } from '@/test/fakes';
import { fakeRoute, memberRoutes, profileRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';

const ana = fakeCurrentUser({ firstName: 'Ana', lastName: 'Early' });

describe('streak freezes on the profile (ADR 0028)', () => {
  it('shows a frozen day in its own colour with a legend entry, and the freezes held', async () => {
    const statistics = fakeStatistics({ freezesHeld: 2 });
    statistics.last30DaysActivity[27] = { date: '2025-03-28', activityType: 'frozen' };
    const own = fakeProfile({ id: ana.id, firstName: 'Ana', lastName: 'Early' });
    renderApp('/profile', {
      ...memberRoutes(ana),
      ...profileRoutes(own),
      ...fakeRoute('GET /api/profile/:userId/statistics', { userId: ana.id }, () => statistics),
    });

    const days = await screen.findAllByTestId('activity-day');
    const frozen = days.filter((day) => day.dataset.activity === 'frozen');
    expect(frozen).toHaveLength(1);
    expect(frozen[0]).toHaveAccessibleName('2025-03-28: Streak freeze');
    expect(frozen[0]!.className).not.toEqual(days.find((day) => day.dataset.activity === 'any')!.className);
    expect(screen.getByTestId('activity-legend')).toHaveTextContent(/6 AM post.*Streak freeze.*Posted later/);
    const freezes = screen.getByTestId('stat-freezes');
    expect(within(freezes).getByTestId('stat-freezes-held')).toHaveTextContent('2');
    expect(freezes).toHaveTextContent('2 of 2 streak freezes held');
  });
});
