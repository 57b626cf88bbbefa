/** `GET /api/profile/reminders` and the body of its PUT: the member's mornings (issue 43). */
export interface ReminderSettings {
  /** The wake-up reminder; off until the member turns it on. */
  enabled: boolean;
  /** Local time of the reminder, `HH:MM` (24-hour clock) in the member's stored zone. */
  time: string;
  /** Days it comes on, ISO numbering: 1 = Monday … 7 = Sunday, each once. */
  days: number[];
  /** The "streak at risk" nudge at 06:10. */
  streakNudge: boolean;
  /** The weekly recap on Monday at 07:00. */
  weeklyRecap: boolean;
}

/** What a member who never chose has. */
export const DEFAULT_REMINDER_SETTINGS: Readonly<ReminderSettings> = Object.freeze({
  enabled: false,
  time: '04:50',
  days: [1, 2, 3, 4, 5, 6, 7],
  streakNudge: true,
  weeklyRecap: true,
});

/** The reminder's text, in-app and in the push (issue 43). */
export const WAKE_UP_REMINDER_MESSAGE = 'Rise and shine: your 5 AM window is open.';
