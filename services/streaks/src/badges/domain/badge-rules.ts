import type { Badge, BadgeCategory, BadgeRequirementType, BadgeSummary } from '@daybreak/contracts';

/** A badge as the catalogue defines it: what it takes, not who has it. */
export interface BadgeDefinition {
  id: string;
  name: string;
  description: string;
  emoji: string;
  category: BadgeCategory;
  requirement: number;
  requirementType: BadgeRequirementType;
}

/**
 * What a member has done, one number per requirement type. `streak` is the longest streak the
 * member has reached: a streak badge is earned by reaching the run, and a later break cannot undo it.
 */
export type BadgeCounters = Record<BadgeRequirementType, number>;

export const ZERO_COUNTERS: BadgeCounters = {
  '5am_posts': 0,
  '6am_posts': 0,
  '5am_days': 0,
  '6am_days': 0,
  streak: 0,
  invites_sent: 0,
  successful_invites: 0,
};

export interface BadgeProgress extends BadgeDefinition {
  /** Capped at the target: a finished badge shows a full bar, not 120 %. */
  progress: number;
  target: number;
  earned: boolean;
}

export interface BadgeEvaluation {
  /** Badges the counters now reach that the member did not hold before, in catalogue order. */
  newlyEarned: BadgeDefinition[];
  /** Every badge of the catalogue with the member's progress. */
  progress: BadgeProgress[];
  /** Up to 3 badges still to earn (counting `newlyEarned` as earned), closest first. */
  nextEligible: BadgeProgress[];
}

export const NEXT_ELIGIBLE_LIMIT = 3;

/**
 * The one place badges are awarded: (counters, catalogue, badges already held) → what is newly
 * earned, where the member stands on every badge, and the next few targets. Badges already held stay
 * held whatever the counters say now (docs/adr/0007-badges-are-kept.md).
 */
export function evaluateBadges(
  counters: BadgeCounters,
  catalogue: readonly BadgeDefinition[],
  earnedIds: ReadonlySet<string>,
): BadgeEvaluation {
  const progress = catalogue.map((badge): BadgeProgress => {
    const value = counters[badge.requirementType];
    return {
      ...badge,
      progress: Math.min(value, badge.requirement),
      target: badge.requirement,
      earned: earnedIds.has(badge.id) || value >= badge.requirement,
    };
  });
  const newlyEarned = progress.filter((badge) => badge.earned && !earnedIds.has(badge.id)).map(definitionOf);
  const nextEligible = progress
    .map((badge, position) => ({ badge, position }))
    .filter(({ badge }) => !badge.earned)
    // Closest first; then the smaller goal, then catalogue order, so the list is stable.
    .sort(
      (a, b) =>
        b.badge.progress / b.badge.target - a.badge.progress / a.badge.target ||
        a.badge.target - b.badge.target ||
        a.position - b.position,
    )
    .slice(0, NEXT_ELIGIBLE_LIMIT)
    .map(({ badge }) => badge);
  return { newlyEarned, progress, nextEligible };
}

function definitionOf(badge: BadgeDefinition): BadgeDefinition {
  const { id, name, description, emoji, category, requirement, requirementType } = badge;
  return { id, name, description, emoji, category, requirement, requirementType };
}

/** The API's Badge (spec §3): `icon` and `emoji` are the same emoji. */
export function toBadge(
  badge: BadgeDefinition,
  standing: { earnedAt: Date | null; progress: number; target: number },
): Badge {
  return {
    ...definitionOf(badge),
    icon: badge.emoji,
    earnedAt: standing.earnedAt?.toISOString() ?? null,
    progress: standing.progress,
    target: standing.target,
  };
}

export function toSummary(badge: BadgeDefinition, progress: number, target: number): BadgeSummary {
  return { id: badge.id, name: badge.name, emoji: badge.emoji, progress, target };
}
