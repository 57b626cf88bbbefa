/** A streak this long or longer is worth a nudge (issue 43). */
export const NUDGE_MIN_STREAK = 3;

/** Late by more than this (a worker was down), a message is dropped rather than sent at the wrong hour. */
export const MAX_LATENESS_MS = 15 * 60_000;

export const isTooLate = (dueAt: Date, now: Date): boolean =>
  now.getTime() - dueAt.getTime() > MAX_LATENESS_MS;

/** Where a member's streak stands when the nudge is due (06:10, in the period still open). */
export interface NudgeFacts {
  currentStreak: number;
  freezesHeld: number;
  /** Whether the member already has an early post in the current streak period. */
  postedToday: boolean;
}

/**
 * Whether the streak ends at 06:30 unless the member posts: a streak of 3 or more, no early post in
 * the period yet, and no freeze held (a held freeze would keep the streak, so the nudge's "ends at
 * 6:30" would not be true: ADR 0028).
 */
export const deservesNudge = ({ currentStreak, freezesHeld, postedToday }: NudgeFacts): boolean =>
  currentStreak >= NUDGE_MIN_STREAK && !postedToday && freezesHeld === 0;
