import type { MorningKind } from '../morning-schedule.queries';
import { DueRule, NUDGE_DUE, RECAP_DUE, nextDueAfter } from './due-times';

const HOUR_MS = 3_600_000;

const RULES: Record<MorningKind, DueRule> = { 'streak-nudge': NUDGE_DUE, 'weekly-recap': RECAP_DUE };

/**
 * The least time between two messages of a kind: a member who moves west after one is not sent the
 * next the same morning again in the new zone (half a day; six days for the weekly one).
 */
const MIN_GAP_MS: Record<MorningKind, number> = {
  'streak-nudge': 12 * HOUR_MS,
  'weekly-recap': 6 * 24 * HOUR_MS,
};

export const MORNING_KINDS = Object.keys(RULES) as MorningKind[];

/** A member's first due instant of `kind` after `now`, in `zone`. */
export const firstDue = (kind: MorningKind, zone: string, now: Date): Date =>
  nextDueAfter(now, zone, RULES[kind]);

/**
 * The due instant after one that was due at `dueAt` and handled (sent, skipped or dropped) at `now`:
 * the next one in `zone` (the member's zone now), after both.
 */
export function dueAfterHandled(kind: MorningKind, zone: string, dueAt: Date, now: Date): Date {
  const after = Math.max(now.getTime(), dueAt.getTime() + MIN_GAP_MS[kind]);
  return nextDueAfter(new Date(after), zone, RULES[kind]);
}
