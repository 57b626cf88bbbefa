import { CalendarDate, addDays } from '@daybreak/contracts';

/**
 * Streak freezes (ADR 0028): a member earns one for every 7 streak days of a streak and holds at most
 * 2. A completed period with no early post uses a held freeze automatically: the streak goes on, the
 * frozen period keeps it but does not add to it. With none held, the streak ends there.
 */
export const FREEZE_EVERY_DAYS = 7;
export const MAX_FREEZES_HELD = 2;

/** Whole days from `from` to `to` (calendar dates at UTC midnight: no DST can shift them). */
export const daysBetween = (from: CalendarDate, to: CalendarDate): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Where a streak stands after a period: its streak days, freezes held, and what it earned and used. */
export interface WalkState {
  streakDays: number;
  held: number;
  earned: number;
  used: number;
  longest: number;
  frozen: CalendarDate[];
}

export const START: WalkState = { streakDays: 0, held: 0, earned: 0, used: 0, longest: 0, frozen: [] };

export function postedOn(state: WalkState): WalkState {
  const streakDays = state.streakDays + 1;
  const earns = streakDays % FREEZE_EVERY_DAYS === 0 && state.held < MAX_FREEZES_HELD;
  return {
    ...state,
    streakDays,
    held: state.held + (earns ? 1 : 0),
    earned: state.earned + (earns ? 1 : 0),
    longest: Math.max(state.longest, streakDays),
  };
}

export function missed(state: WalkState, day: CalendarDate): WalkState {
  if (state.streakDays > 0 && state.held > 0) {
    return { ...state, held: state.held - 1, used: state.used + 1, frozen: [...state.frozen, day] };
  }
  return { ...state, streakDays: 0, held: 0 };
}

/**
 * The rule day by day over `days` (sorted, distinct), each period between two of them completed; then
 * the periods after the last one up to `missedUntil` (exclusive), which were missed too.
 */
function walk(days: CalendarDate[], missedUntil?: CalendarDate): WalkState {
  let state = START;
  for (let i = 0; i < days.length; i++) {
    if (i > 0) {
      for (let day = addDays(days[i - 1], 1); day < days[i]; day = addDays(day, 1))
        state = missed(state, day);
    }
    state = postedOn(state);
  }
  if (missedUntil && days.length > 0) {
    for (let day = addDays(days[days.length - 1], 1); day < missedUntil; day = addDays(day, 1)) {
      state = missed(state, day);
    }
  }
  return state;
}

/** A member's streak as the rule gives it at `currentPeriod` (and the longest over every period). */
export interface StreakWalk {
  currentStreak: number;
  longestStreak: number;
  freezesHeld: number;
  freezesEarned: number;
  freezesUsed: number;
  /** The frozen periods up to the current one, oldest first. */
  frozenDays: CalendarDate[];
}

/**
 * The rule itself, period by period from the first active one. The current period is still open (its
 * post may come until tomorrow's window closes), so it is never missed; periods after it (a post
 * judged in a zone ahead of this one) do not count toward the current streak, as before freezes.
 */
export function walkStreak(activeDays: Iterable<CalendarDate>, currentPeriod: CalendarDate): StreakWalk {
  const days = [...new Set(activeDays)].sort();
  const now = walk(
    days.filter((day) => day <= currentPeriod),
    currentPeriod,
  );
  return {
    currentStreak: now.streakDays,
    longestStreak: walk(days).longest,
    freezesHeld: now.held,
    freezesEarned: now.earned,
    freezesUsed: now.used,
    frozenDays: now.frozen,
  };
}
