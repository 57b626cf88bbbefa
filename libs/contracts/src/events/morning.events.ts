import { z } from 'zod';

/**
 * The morning engine's messages that need streak knowledge (ARCHITECTURE §11, ADR 0028): streaks
 * decides who gets one and publishes it per member; notifications writes and pushes it. Keyed by the
 * member.
 */

const calendarDate = z.iso.date();

/** At 06:10 local: the member's streak ends when the current period closes (06:30) unless they post. */
export const streakAtRiskV1 = z.object({
  userId: z.uuid(),
  /** The current streak, in streak days (3 or more). */
  streakLength: z.int().positive(),
  /** The streak period still open, and the instant it closes (06:30 local). */
  streakDay: calendarDate,
  endsAt: z.iso.datetime(),
});

/** Monday 07:00 local: the member's past week on their leaderboard. */
export const leaderboardWeekClosedV1 = z.object({
  userId: z.uuid(),
  /** Days of the week with an early post, each counted once. */
  earlyMornings: z.int().nonnegative(),
  /** Their rank among themselves and the people they follow (1 = first), of `boardSize`. */
  rank: z.int().positive(),
  boardSize: z.int().positive(),
  /** The week's Monday, in the member's zone. */
  weekStart: calendarDate,
});
