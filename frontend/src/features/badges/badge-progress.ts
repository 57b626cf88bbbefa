import type { Badge, BadgeSummary, Statistics } from '@daybreak/contracts';

/** Spec §9: the upcoming list shows 8 badges, then '+N MORE'; next targets are up to 3. */
export const UPCOMING_BADGES_SHOWN = 8;
export const NEXT_TARGETS_SHOWN = 3;

type Counters = Pick<Statistics, 'fiveAmPostsCount' | 'sixAmPostsCount' | 'currentStreak'>;

/**
 * How far a member is toward `badge`. The public statistics answer the post counts and the streak for
 * anyone. The other counters (early days, invites) are known only through the catalogue, which carries
 * the viewer's own progress, so they count on the viewer's own profile only; elsewhere the answer is null.
 */
export function badgeProgress(badge: Badge, counters: Counters | undefined, isOwn: boolean): number | null {
  if (counters) {
    if (badge.requirementType === '5am_posts') return counters.fiveAmPostsCount;
    if (badge.requirementType === '6am_posts') return counters.sixAmPostsCount;
    if (badge.requirementType === 'streak') return counters.currentStreak;
  }
  return isOwn ? badge.progress : null;
}

/** The number a badge asks for; `requirement` is its definition, `target` the server's copy of it. */
export function badgeTarget(badge: Pick<Badge, 'requirement' | 'target'>): number {
  return badge.requirement > 0 ? badge.requirement : Math.max(1, badge.target);
}

/** The catalogue's badges the member has not earned, in catalogue order. */
export function unearnedBadges(catalogue: readonly Badge[], earned: readonly Pick<Badge, 'id'>[]): Badge[] {
  const earnedIds = new Set(earned.map((badge) => badge.id));
  return catalogue.filter((badge) => !earnedIds.has(badge.id));
}

/** The first `UPCOMING_BADGES_SHOWN` badges and how many more there are (the '+N MORE'). */
export function upcomingBadges(unearned: readonly Badge[]): { shown: Badge[]; more: number } {
  return {
    shown: unearned.slice(0, UPCOMING_BADGES_SHOWN),
    more: Math.max(0, unearned.length - UPCOMING_BADGES_SHOWN),
  };
}

/**
 * Up to 3 unearned badges whose progress is known, closest first by progress/target (the rule the
 * server uses for `nextEligibleBadges`); ties keep catalogue order.
 */
export function nextTargets(
  unearned: readonly Badge[],
  counters: Counters | undefined,
  isOwn: boolean,
): BadgeSummary[] {
  const known = unearned.flatMap((badge, order) => {
    const progress = badgeProgress(badge, counters, isOwn);
    if (progress === null) return [];
    const target = badgeTarget(badge);
    return [
      {
        summary: { id: badge.id, name: badge.name, emoji: badge.emoji || badge.icon, progress, target },
        order,
      },
    ];
  });
  return known
    .sort(
      (a, b) =>
        b.summary.progress / b.summary.target - a.summary.progress / a.summary.target || a.order - b.order,
    )
    .slice(0, NEXT_TARGETS_SHOWN)
    .map(({ summary }) => summary);
}
