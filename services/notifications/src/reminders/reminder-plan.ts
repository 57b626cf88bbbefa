import { isValidTimeZone } from '@daybreak/contracts';
import { nextReminder } from './next-due';
import type { Rescheduled, ScheduleRow, ScheduleSettings } from './reminder-schedules.queries';

/**
 * When the member's next reminder is due, after `now`, in `zone`: none while it is off or their zone
 * is not known (a zone the runtime does not know counts as not known). A day that already had one
 * (`lastSentOn`) gets no other, whatever the member changes.
 */
export function planNextReminder(
  row: Pick<ScheduleRow, 'userId' | 'lastSentOn'> & ScheduleSettings,
  zone: string | null,
  now: Date,
): Rescheduled {
  const known = zone !== null && isValidTimeZone(zone) ? zone : null;
  if (!row.enabled || known === null)
    return { userId: row.userId, timeZone: known, nextDueAt: null, lastSentOn: row.lastSentOn };
  const next = nextReminder(
    { minuteOfDay: row.minuteOfDay, days: row.days, zone: known },
    now,
    row.lastSentOn,
  );
  return { userId: row.userId, timeZone: known, nextDueAt: next.at, lastSentOn: row.lastSentOn };
}
