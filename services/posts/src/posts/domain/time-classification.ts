import type { TimeClassification } from '@daybreak/contracts';
import { localDateTime } from '@daybreak/contracts';

const minutesOf = (hour: number, minute: number) => hour * 60 + minute;

/** 04:30–05:30 inclusive, minute resolution (ARCHITECTURE §5). */
const FIVE_AM = { from: minutesOf(4, 30), to: minutesOf(5, 30) };
/** 05:31–06:30 inclusive. */
const SIX_AM = { from: minutesOf(5, 31), to: minutesOf(6, 30) };

/** Classifies a post by the author's local wall time. Only `5am` and `6am` posts are early-morning. */
export function classifyPostTime(createdAt: Date, timeZone: string): TimeClassification {
  const local = localDateTime(createdAt, timeZone);
  const minutes = minutesOf(local.hour, local.minute);
  if (minutes >= FIVE_AM.from && minutes <= FIVE_AM.to) return '5am';
  if (minutes >= SIX_AM.from && minutes <= SIX_AM.to) return '6am';
  return 'none';
}

export const isEarlyMorning = (classification: TimeClassification): boolean => classification !== 'none';

/**
 * The zone a post is classified in (ADR 0009): the author's stored zone, whatever zone the client
 * sent, so a post can't pick the zone where it is 5 AM now. Only an author the read model knows no
 * zone of yet (a brand-new member whose registration is still in flight) is classified in the sent one.
 */
export const classificationZone = (sentZone: string, storedZone: string | null | undefined): string =>
  storedZone ?? sentZone;
