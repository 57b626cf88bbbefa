import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeStatistics, textResponse } from '@/test/fakes';
import { fakeRoute, pending, type Answered } from '@/test/gateway';
import { renderComponent } from '@/test/render-component';
import { fakeBadge } from '@/test/streak-fakes';
import { ProfileBadgeSections } from './profile-badge-sections';

const userId = 'user-7';

function routes({
  earned = [] as ReturnType<typeof fakeBadge>[],
  catalogue = [] as ReturnType<typeof fakeBadge>[],
  statistics = fakeStatistics(),
} = {}) {
  return {
    ...fakeRoute('GET /api/profile/:userId/badges', { userId }, () => earned),
    ...fakeRoute('GET /api/badges', () => catalogue),
    ...fakeRoute('GET /api/profile/:userId/statistics', { userId }, () => statistics),
  };
}

describe('ProfileBadgeSections', () => {
  it('shows a skeleton while the badges load', async () => {
    const answer = pending<Answered<'GET /api/badges'>>();
    renderComponent(() => <ProfileBadgeSections userId={userId} isOwn />, {
      ...routes(),
      ...fakeRoute('GET /api/badges', () => answer.promise),
    });

    expect(await screen.findByTestId('profile-badges-loading')).toHaveAttribute('aria-busy', 'true');

    answer.resolve([]);
    expect(await screen.findByTestId('profile-badges')).toBeInTheDocument();
    expect(screen.queryByTestId('profile-badges-loading')).toBeNull();
  });

  it('lists earned badges with their emoji and date, and leaves them out of the upcoming ones', async () => {
    const firstLight = fakeBadge({ name: 'First Light', emoji: '🌅', earnedAt: '2026-11-20T10:05:00.000Z' });
    const dawnPatrol = fakeBadge({ name: 'Dawn Patrol', emoji: '🌄' });
    renderComponent(() => <ProfileBadgeSections userId={userId} isOwn={false} />, {
      ...routes({ earned: [firstLight], catalogue: [firstLight, dawnPatrol] }),
    });

    const earned = await screen.findByTestId('earned-badge');
    expect(earned).toHaveTextContent('🌅');
    expect(earned).toHaveTextContent('First Light');
    expect(earned).toHaveTextContent('Earned Nov 20, 2026');
    expect(screen.getAllByTestId('upcoming-badge').map((badge) => badge.textContent)).toEqual([
      '🌄Dawn Patrol',
    ]);
  });

  it('says so when nothing is earned yet', async () => {
    renderComponent(
      () => <ProfileBadgeSections userId={userId} isOwn />,
      routes({ catalogue: [fakeBadge()] }),
    );

    expect(await screen.findByTestId('earned-badges-empty')).toHaveTextContent('No badges yet');
  });

  it("shows 8 upcoming badges, then '+N MORE'", async () => {
    const catalogue = Array.from({ length: 11 }, () => fakeBadge());
    renderComponent(() => <ProfileBadgeSections userId={userId} isOwn />, routes({ catalogue }));

    expect(await screen.findAllByTestId('upcoming-badge')).toHaveLength(8);
    expect(screen.getByTestId('upcoming-badges-more')).toHaveTextContent('+3 MORE');
  });

  it("shows no '+N MORE' with exactly 8 upcoming badges", async () => {
    const catalogue = Array.from({ length: 8 }, () => fakeBadge());
    renderComponent(() => <ProfileBadgeSections userId={userId} isOwn />, routes({ catalogue }));

    expect(await screen.findAllByTestId('upcoming-badge')).toHaveLength(8);
    expect(screen.queryByTestId('upcoming-badges-more')).toBeNull();
  });

  it('shows up to 3 next targets with progress bars, closest first', async () => {
    const catalogue = [
      fakeBadge({ name: 'Ten Dawns', requirementType: '5am_posts', requirement: 10 }),
      fakeBadge({ name: 'Week Warrior', requirementType: 'streak', requirement: 7 }),
      fakeBadge({ name: 'Silver Six', requirementType: '6am_posts', requirement: 2 }),
      fakeBadge({ name: 'Fifty Dawns', requirementType: '5am_posts', requirement: 50 }),
    ];
    renderComponent(
      () => <ProfileBadgeSections userId={userId} isOwn />,
      routes({
        catalogue,
        statistics: fakeStatistics({ fiveAmPostsCount: 5, sixAmPostsCount: 1, currentStreak: 6 }),
      }),
    );

    const targets = within(await screen.findByRole('region', { name: 'NEXT TARGETS' }));
    const bars = targets.getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Week Warrior progress',
      'Ten Dawns progress',
      'Silver Six progress',
    ]);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '6');
    expect(bars[0]).toHaveAttribute('aria-valuemax', '7');
    expect(targets.getAllByTestId('badge-target-count').map((count) => count.textContent)).toEqual([
      '6/7',
      '5/10',
      '1/2',
    ]);
  });

  it('offers a retry when the badges cannot load', async () => {
    let fail = true;
    renderComponent(() => <ProfileBadgeSections userId={userId} isOwn />, {
      ...routes(),
      ...fakeRoute('GET /api/profile/:userId/badges', { userId }, () =>
        fail ? textResponse('', 503, 'Service Unavailable') : [],
      ),
    });

    expect(await screen.findByTestId('profile-badges-error')).toHaveTextContent("Couldn't load the badges.");
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('profile-badges')).toBeInTheDocument();
  });
});
