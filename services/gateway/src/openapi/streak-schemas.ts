import type { Badge, LeaderboardEntry, Statistics, StreakTestResult } from '@daybreak/contracts';
import { timeClassificationSchema } from '@daybreak/contracts';
import { z } from 'zod';
import { nullableString, userSummary } from './common-schemas';

/** Badges, streaks and the leaderboard as `/api/docs.json` describes them, each checked against its type. */

export const badge = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  emoji: z.string(),
  category: z.enum(['milestone', 'streak', 'social', 'other']),
  requirement: z.number(),
  requirementType: z.enum([
    '5am_posts',
    '6am_posts',
    '5am_days',
    '6am_days',
    'streak',
    'invites_sent',
    'successful_invites',
  ]),
  earnedAt: nullableString,
  progress: z.number(),
  target: z.number(),
}) satisfies z.ZodType<Badge>;

export const statistics = z.object({
  fiveAmPostsCount: z.int(),
  sixAmPostsCount: z.int(),
  currentStreak: z.int(),
  longestStreak: z.int(),
  /** Streak freezes held (0–2, ADR 0028). */
  freezesHeld: z.int(),
  last30DaysActivity: z.array(
    z.object({ date: z.string(), activityType: z.enum(['5am', '6am', 'frozen', 'any', 'none']) }),
  ),
}) satisfies z.ZodType<Statistics>;

export const leaderboardEntry = z.object({
  id: z.string(),
  isCurrentUser: z.boolean(),
  profileName: nullableString,
  firstName: nullableString,
  lastName: nullableString,
  email: nullableString,
  profileImageUrl: nullableString,
  fiveAmDaysThisWeek: z.int(),
  sixAmDaysThisWeek: z.int(),
  currentStreak: z.int(),
  weeklyData: z.array(
    z.object({ date: z.string(), dayName: z.string(), activityType: z.enum(['5am', '6am', 'none']) }),
  ),
}) satisfies z.ZodType<LeaderboardEntry>;

export const streakTestResult = z.object({
  user: userSummary,
  timezone: z.string(),
  currentStats: statistics
    .pick({
      currentStreak: true,
      longestStreak: true,
      fiveAmPostsCount: true,
      sixAmPostsCount: true,
      freezesHeld: true,
    })
    .extend({ freezesEarned: z.int(), freezesUsed: z.int() }),
  earlyPosts: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      date: z.string(),
      localTime: z.string(),
      timeClassification: timeClassificationSchema,
    }),
  ),
}) satisfies z.ZodType<StreakTestResult>;
