// @ts-check
// "20,000 members with a reminder due at the same minute" for `npm run bench:notifications`: every
// notification written and every push handed to the push service within 60 s of the minute, with
// p50/p99 lateness of the pushes and each process's CPU per reminder.
//
// The measurement is here; how reminders are scheduled belongs to the reminder scheduler
// (services/notifications/src/reminders/), which reaches this bench through a small adapter,
// bench/reminder-scheduler.mjs, exporting a ReminderScheduler (below). Until that file exists the
// section is reported as pending, with no figures.
import { cpuMeter } from './cpu.mjs';
import { subscribedMembers, pollUntil } from './push-throughput.mjs';
import { quantile } from './unread-latency.mjs';

export const REMINDER_MEMBERS = Number(process.env.BENCH_REMINDER_MEMBERS ?? 20_000);
/** The goal: everything done this long after the minute. */
export const REMINDERS_WITHIN_MS = 60_000;
/** The minute is at least this far ahead once the schedules are written, so none is late from the start. */
const LEAD_MS = 15_000;
const GROUP = 'reminders';

/**
 * @typedef {object} ReminderScheduler
 * @property {(db: import('pg').Client, members: string[], minute: Date) => Promise<void>} scheduleDue
 *   Gives each member a reminder (on, every day) due at `minute`: their time and zone chosen so that
 *   their local time then is the reminder's time. Written as the service would store it.
 * @property {(count: number) => Promise<{ pids: number[], stop(): Promise<void> }>} startWorkers
 *   Makes `count` processes run the scheduler (e.g. notifications workers, which may already run);
 *   their pids are measured.
 */

/** The adapter, or null while the scheduler is not on this branch. @returns {Promise<ReminderScheduler | null>} */
export async function loadReminderScheduler() {
  // A specifier in a variable: the file may not exist, and the type checker must not require it.
  const adapter = './reminder-scheduler.mjs';
  try {
    return /** @type {ReminderScheduler} */ ((await import(adapter)).default);
  } catch (error) {
    if (/** @type {{ code?: string }} */ (error).code === 'ERR_MODULE_NOT_FOUND') return null;
    throw error;
  }
}

/**
 * @param {{ db: import('pg').Client, pushService: any, processes: Record<string, number[]>, workers: number }} context
 * @param {ReminderScheduler} scheduler
 */
export async function remindersAtAMinute({ db, pushService, processes, workers }, scheduler) {
  const members = await subscribedMembers(db, pushService, GROUP, REMINDER_MEMBERS);
  const minute = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
  await scheduler.scheduleDue(db, members, minute);
  const running = await scheduler.startWorkers(workers);
  try {
    // Workers the adapter started are measured too; none when the stack's own workers schedule.
    const pids = running.pids.length > 0 ? { ...processes, 'scheduler workers': running.pids } : processes;
    const meter = cpuMeter(pids);
    const metered = performance.now();
    const written = async () =>
      (
        await db.query(
          `SELECT count(*)::int AS n, max(created_at) AS last FROM notifications.notifications
           WHERE user_id = ANY($1::uuid[]) AND type = 'other' AND created_at >= $2`,
          [members, minute],
        )
      ).rows[0];
    await pollUntil(
      'every reminder written and pushed',
      async () =>
        (await written()).n >= REMINDER_MEMBERS && (await pushService.count(GROUP)) >= REMINDER_MEMBERS,
      Math.max(0, minute.getTime() - Date.now()) + 300_000,
    );
    const cpu = meter.stop();
    const span = (performance.now() - metered) / 1000;
    const { last } = await written();
    const lateness = (await pushService.arrivals(GROUP))
      .map((at) => at - minute.getTime())
      .sort((a, b) => a - b);
    /** @type {Record<string, number | null>} */
    const cpuMsPerReminder = {};
    for (const [name, share] of Object.entries(cpu))
      if (name in pids)
        cpuMsPerReminder[name] = share === null ? null : (share * span * 1000) / REMINDER_MEMBERS;
    return {
      members: REMINDER_MEMBERS,
      lastWrittenMs: new Date(last).getTime() - minute.getTime(),
      lastPushMs: /** @type {number} */ (lateness.at(-1)),
      p50Ms: quantile(lateness, 0.5),
      p99Ms: quantile(lateness, 0.99),
      cpuMsPerReminder,
    };
  } finally {
    await running.stop();
  }
}
