import { CalendarDate, addDays } from '@daybreak/contracts';
import { MAX_FREEZES_HELD, FREEZE_EVERY_DAYS, START, daysBetween, missed, postedOn } from './streak-freeze';

/**
 * A run of consecutive active periods with the state of its streak on arrival: what `streak_runs`
 * keeps per member, so that one row answers the streak at any period from the island's first day on,
 * and the islands of a 30-day window its frozen periods, however long the history. A freeze used
 * where the streak then ended anyway stays a frozen period: it was spent.
 */
export interface StreakIsland {
  firstDay: CalendarDate;
  lastDay: CalendarDate;
  /** Streak days of the same streak before this island (0: the island starts a streak). */
  daysBefore: number;
  /** Freezes held on arriving, after the frozen periods right before the island. */
  heldBefore: number;
  /**
   * Freezes used in the completed periods right after the island, before the next one (the first
   * ones of that gap; 0 for the last island, whose following periods are still being decided).
   */
  frozenAfter: number;
}

/** The islands of a history, oldest first; every gap between two of them is a completed one. */
export function streakIslands(activeDays: Iterable<CalendarDate>): StreakIsland[] {
  const days = [...new Set(activeDays)].sort();
  const islands: StreakIsland[] = [];
  let state = START;
  for (let i = 0; i < days.length; i++) {
    const gap = i === 0 ? 0 : daysBetween(days[i - 1], days[i]) - 1;
    if (i > 0 && gap === 0) {
      islands[islands.length - 1].lastDay = days[i];
    } else {
      const before = state;
      for (let day = addDays(days[i], -gap); day < days[i]; day = addDays(day, 1)) state = missed(state, day);
      if (i > 0) islands[islands.length - 1].frozenAfter = before.held - state.held;
      islands.push({
        firstDay: days[i],
        lastDay: days[i],
        daysBefore: state.streakDays,
        heldBefore: state.held,
        frozenAfter: 0,
      });
    }
    state = postedOn(state);
  }
  return islands;
}

/** The longest streak of a history: its streak days, frozen periods not counted. */
export const longestOfIslands = (islands: StreakIsland[]): number =>
  Math.max(
    0,
    ...islands.map((island) => island.daysBefore + daysBetween(island.firstDay, island.lastDay) + 1),
  );

export interface StreakAtPeriod {
  currentStreak: number;
  freezesHeld: number;
  /** The frozen periods after the island's last active one, before the current period. */
  trailingFrozen: CalendarDate[];
}

/**
 * The streak at `currentPeriod` from `latest`, the last island starting on or before it. Within an
 * island freezes are only earned (one per 7 streak days, up to the cap), so its held count at any
 * day follows from its state on arrival; after it, each completed period uses one, or the streak ends.
 */
export function streakAtPeriod(latest: StreakIsland | null, currentPeriod: CalendarDate): StreakAtPeriod {
  if (!latest) return { currentStreak: 0, freezesHeld: 0, trailingFrozen: [] };
  const end = latest.lastDay < currentPeriod ? latest.lastDay : currentPeriod;
  const streakDays = latest.daysBefore + daysBetween(latest.firstDay, end) + 1;
  const earned =
    Math.floor(streakDays / FREEZE_EVERY_DAYS) - Math.floor(latest.daysBefore / FREEZE_EVERY_DAYS);
  const held = Math.min(MAX_FREEZES_HELD, latest.heldBefore + earned);
  const missedPeriods = Math.max(0, daysBetween(end, currentPeriod) - 1);
  const used = Math.min(missedPeriods, held);
  const trailingFrozen = Array.from({ length: used }, (_, i) => addDays(end, i + 1));
  if (missedPeriods > held) return { currentStreak: 0, freezesHeld: 0, trailingFrozen };
  return { currentStreak: streakDays, freezesHeld: held - used, trailingFrozen };
}

/**
 * The frozen periods from `first` to `currentPeriod`: those after each island of `overlapping` (the
 * islands starting on or before the current period and ending at most 2 periods before `first`,
 * since at most 2 freezes follow one), the latest one's as of the current period.
 */
export function frozenDaysBetween(
  overlapping: StreakIsland[],
  latest: StreakIsland | null,
  first: CalendarDate,
  currentPeriod: CalendarDate,
): CalendarDate[] {
  const settled = overlapping
    .filter((island) => latest && island.firstDay < latest.firstDay)
    .flatMap((island) =>
      Array.from({ length: island.frozenAfter }, (_, i) => addDays(island.lastDay, i + 1)),
    );
  const frozen = [...settled, ...streakAtPeriod(latest, currentPeriod).trailingFrozen];
  return frozen.filter((day) => day >= first && day <= currentPeriod).sort();
}
