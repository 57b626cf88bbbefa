/** Spec §3 Badge "category". */
export type BadgeCategory = 'milestone' | 'streak' | 'social' | 'other';

/** Spec §3 Badge "requirementType": what `requirement` counts. */
export type BadgeRequirementType =
  '5am_posts' | '6am_posts' | '5am_days' | '6am_days' | 'streak' | 'invites_sent' | 'successful_invites';

/** A badge (spec §3), as the badge lists of a post, a profile and `GET /api/badges` return it. */
export interface Badge {
  id: string;
  name: string;
  description: string;
  /** An emoji, like `emoji` (the spec keeps both fields). */
  icon: string;
  emoji: string;
  category: BadgeCategory;
  /** How many of `requirementType` earn the badge. */
  requirement: number;
  requirementType: BadgeRequirementType;
  /** When the member earned it; null for a badge not earned (yet). */
  earnedAt: string | null;
  progress: number;
  target: number;
}

/** A next-eligible badge (spec §3): the few fields a progress hint needs. */
export type BadgeSummary = Pick<Badge, 'id' | 'name' | 'emoji' | 'progress' | 'target'>;
