import { describe, expect, it } from 'vitest';
import { fakeStatistics } from '@/test/fakes';
import { fakeBadge } from '@/test/streak-fakes';
import { badgeProgress, nextTargets, unearnedBadges, upcomingBadges } from './badge-progress';

describe('badge progress', () => {
  const counters = fakeStatistics({ fiveAmPostsCount: 4, sixAmPostsCount: 2, currentStreak: 3 });

  it('reads post counts and the streak from anyone’s statistics', () => {
    expect(badgeProgress(fakeBadge({ requirementType: '5am_posts' }), counters, false)).toBe(4);
    expect(badgeProgress(fakeBadge({ requirementType: '6am_posts' }), counters, false)).toBe(2);
    expect(badgeProgress(fakeBadge({ requirementType: 'streak' }), counters, false)).toBe(3);
  });

  it('knows the other counters only on the viewer’s own profile, from the catalogue', () => {
    const invites = fakeBadge({ requirementType: 'invites_sent', progress: 2 });

    expect(badgeProgress(invites, counters, true)).toBe(2);
    expect(badgeProgress(invites, counters, false)).toBeNull();
  });

  it('shows 8 upcoming badges and counts the rest', () => {
    const catalogue = Array.from({ length: 11 }, () => fakeBadge());
    const unearned = unearnedBadges(catalogue, [catalogue[0]!]);

    expect(unearned).toHaveLength(10);
    expect(upcomingBadges(unearned)).toMatchObject({ more: 2 });
    expect(upcomingBadges(unearned).shown).toHaveLength(8);
    expect(upcomingBadges(unearned.slice(0, 8)).more).toBe(0);
  });

  it('picks up to 3 next targets, closest first, and skips badges whose progress is unknown', () => {
    const far = fakeBadge({ name: 'Far', requirementType: '5am_posts', requirement: 100 });
    const close = fakeBadge({ name: 'Close', requirementType: 'streak', requirement: 4 });
    const half = fakeBadge({ name: 'Half', requirementType: '6am_posts', requirement: 4 });
    const mid = fakeBadge({ name: 'Mid', requirementType: '5am_posts', requirement: 10 });
    const secret = fakeBadge({
      name: 'Secret',
      requirementType: 'successful_invites',
      progress: 1,
      requirement: 1,
    });

    const targets = nextTargets([far, close, half, mid, secret], counters, false);

    expect(targets.map((badge) => [badge.name, badge.progress, badge.target])).toEqual([
      ['Close', 3, 4],
      ['Half', 2, 4],
      ['Mid', 4, 10],
    ]);
  });
});
