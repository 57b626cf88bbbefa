// @ts-check
// The reminder scheduler as `reminders-at-a-minute.mjs` reaches it: schedules are written as the
// notifications service stores them (reminder_schedules, ADR 0027), and the scheduler that sends them
// is the one every notifications worker already runs, so no process is started here.

/** @type {import('./reminders-at-a-minute.mjs').ReminderScheduler} */
export default {
  async scheduleDue(db, members, minute) {
    // UTC members: their local time at `minute` is the minute's time of day in UTC.
    const minuteOfDay = minute.getUTCHours() * 60 + minute.getUTCMinutes();
    await db.query(
      `INSERT INTO notifications.reminder_schedules
         (user_id, enabled, minute_of_day, days, streak_nudge, weekly_recap, time_zone, next_due_at)
       SELECT id, true, $2, '{1,2,3,4,5,6,7}', true, true, 'UTC', $3
       FROM unnest($1::uuid[]) AS id
       ON CONFLICT (user_id) DO UPDATE SET
         enabled = true, minute_of_day = $2, days = '{1,2,3,4,5,6,7}', time_zone = 'UTC',
         next_due_at = $3, last_sent_on = NULL`,
      [members, minuteOfDay, minute],
    );
  },
  async startWorkers() {
    // The bench's notifications workers (already measured as processes) run the scheduler.
    return { pids: [], stop: async () => undefined };
  },
};
