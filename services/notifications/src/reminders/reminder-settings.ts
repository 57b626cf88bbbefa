import { DEFAULT_REMINDER_SETTINGS, type ReminderSettings } from '@daybreak/contracts';
import { z } from 'zod';
import type { ScheduleRow, ScheduleSettings } from './reminder-schedules.queries';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `PUT /profile/reminders`: every field, each checked with a message the SPA can show. */
export const reminderSettingsSchema = z.strictObject(
  {
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    time: z
      .string({ error: 'time is required, as HH:MM' })
      .regex(TIME, 'time must be a time of day as HH:MM, from 00:00 to 23:59'),
    days: z
      .array(z.number({ error: 'days are numbers' }).int().min(1).max(7), {
        error: 'days must be a list of days of the week, 1 (Monday) to 7 (Sunday)',
      })
      .min(1, 'Choose at least one day of the week')
      .max(7, 'days must name each day of the week at most once')
      .refine(
        (days) => new Set(days).size === days.length,
        'days must name each day of the week at most once',
      ),
    streakNudge: z.boolean({ error: 'streakNudge must be true or false' }),
    weeklyRecap: z.boolean({ error: 'weeklyRecap must be true or false' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown reminder setting: ${issue.keys.join(', ')}`
        : 'The body must be the reminder settings: enabled, time, days, streakNudge, weeklyRecap',
  },
);

const pad = (value: number) => String(value).padStart(2, '0');

/** The settings as the API gives them: a member without a row has the defaults. */
export function toReminderSettings(row: ScheduleRow | null): ReminderSettings {
  if (!row) return { ...DEFAULT_REMINDER_SETTINGS, days: [...DEFAULT_REMINDER_SETTINGS.days] };
  return {
    enabled: row.enabled,
    time: `${pad(Math.floor(row.minuteOfDay / 60))}:${pad(row.minuteOfDay % 60)}`,
    days: [...row.days].sort((a, b) => a - b),
    streakNudge: row.streakNudge,
    weeklyRecap: row.weeklyRecap,
  };
}

/** The settings as stored: the minute of the day, days in order. */
export function toScheduleSettings(settings: ReminderSettings): ScheduleSettings {
  const [hours, minutes] = settings.time.split(':').map(Number);
  return {
    enabled: settings.enabled,
    minuteOfDay: hours * 60 + minutes,
    days: [...settings.days].sort((a, b) => a - b),
    streakNudge: settings.streakNudge,
    weeklyRecap: settings.weeklyRecap,
  };
}
