import { z } from 'zod';

/**
 * The wake-up reminder scheduler's settings. It runs in every process that consumes events (the
 * workers, NOTIFICATIONS_ROLE worker or all): more workers share the due reminders (ADR 0027).
 */
export const reminderConfigShape = {
  /**
   * How often an idle scheduler looks for due reminders (a busy one goes on at once); 0 turns the
   * scheduler off in this process. A reminder comes at most this much after its minute.
   */
  REMINDER_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Reminders one transaction claims, writes and pushes: small, so a worker holds few rows at once. */
  REMINDER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
};

/** What the scheduler needs of the config. */
export interface ReminderSchedulerSettings {
  /** 0: off in this process. */
  pollMs: number;
  batchSize: number;
}

export const REMINDER_SCHEDULER_SETTINGS = Symbol('REMINDER_SCHEDULER_SETTINGS');

/** A reminder later than this (its worker was down) is dropped, not sent at the wrong hour. */
export const MAX_LATENESS_MS = 15 * 60_000;
