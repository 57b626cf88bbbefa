import { randomUUID } from 'node:crypto';
import { DEFAULT_REMINDER_SETTINGS } from '@daybreak/contracts';
import { RunningService } from '@daybreak/messaging';
import {
  asViewer,
  queryTestDatabase,
  serviceUnderTest,
  testDatabaseUrl,
  waitFor,
  wallClock,
} from '@daybreak/testing';
import { Client } from 'pg';
import request from 'supertest';
import { ReminderClock } from '../src/reminders/reminder-clock';
import { ReminderScheduler } from '../src/reminders/reminder-scheduler';
import { startNotifications } from './notifications-app';

const PARIS = 'Europe/Paris';
const WORKER_ENV = { REMINDER_POLL_MS: '0', REMINDER_BATCH_SIZE: '10' };
const DUE = wallClock('2027-02-01 04:50', PARIS);

const startWorker = async (keepSchema: boolean): Promise<RunningService> => {
  const service = await startNotifications({ consumes: false, keepSchema, env: WORKER_ENV });
  jest.spyOn(service.app.get(ReminderClock), 'now').mockImplementation(() => DUE);
  return service;
};
const drain = (service: RunningService) => service.app.get(ReminderScheduler).drain();

/**
 * A worker killed in the middle of a batch: its transaction had claimed the rows and written some
 * notifications when its connection died. Its rows go back to the pool, and the other worker (and
 * the restarted one) send each member exactly one reminder.
 */
describe('the reminder scheduler across a worker dying mid-batch (real Postgres)', () => {
  let holder: Client;
  beforeAll(async () => {
    holder = new Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
  });
  afterAll(() => holder?.end());
  /** The dying worker is restarted inside the test: whichever process it is by then stops after it. */
  const dying = serviceUnderTest(async () => {
    const worker = { process: await startWorker(false), stop: () => worker.process.app.close() };
    return worker;
  });
  const other = serviceUnderTest(() => startWorker(true));

  it('loses none and doubles none', async () => {
    const members = Array.from({ length: 35 }, () => randomUUID());
    await queryTestDatabase(
      `INSERT INTO notifications.member_zones (user_id, stored_zone, stored_at)
       SELECT id, $2, now() FROM unnest($1::uuid[]) AS id`,
      [members, PARIS],
    );
    jest
      .spyOn(dying().process.app.get(ReminderClock), 'now')
      .mockReturnValue(new Date(DUE.getTime() - 3_600_000));
    for (const [index, id] of members.entries())
      await request(dying().process.url)
        .put('/reminders')
        .set(asViewer('notifications', id))
        // The first member's is a minute earlier: the first batch claimed holds it.
        .send({ ...DEFAULT_REMINDER_SETTINGS, enabled: true, time: index === 0 ? '04:49' : '04:50' })
        .expect(200);
    jest.spyOn(dying().process.app.get(ReminderClock), 'now').mockReturnValue(DUE);

    // The test holds the first member's unread counter, so the dying worker stops inside its batch.
    await queryTestDatabase(
      `INSERT INTO notifications.unread_counters (user_id, unread, version) VALUES ($1, 0, 1)`,
      [members[0]],
    );
    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM notifications.unread_counters WHERE user_id = $1 FOR UPDATE`, [
      members[0],
    ]);
    const dyingDrain = drain(dying().process);
    const stuck = await waitFor(async () => {
      const [row] = await queryTestDatabase<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%unread_counters%'`,
      );
      return row?.pid;
    });

    // Meanwhile the other worker sends every reminder the dying one did not claim.
    expect((await drain(other())).sent).toBe(members.length - 10);

    // The dying worker's connection is killed mid-batch: its transaction never commits.
    await queryTestDatabase(`SELECT pg_terminate_backend($1)`, [stuck]);
    await expect(dyingDrain).rejects.toThrow();
    await holder.query('ROLLBACK');

    // Restarted, it finds its batch free again; the other worker and it send the rest, once.
    await dying().process.app.close();
    dying().process = await startWorker(true);
    const after = await Promise.all([drain(dying().process), drain(other())]);
    expect(after[0].sent + after[1].sent).toBe(10);

    const sent = await queryTestDatabase<{ userId: string; count: number }>(
      `SELECT user_id AS "userId", count(*)::int AS count FROM notifications.notifications
       WHERE user_id = ANY($1::uuid[]) AND dedupe_key = 'reminder:2027-02-01' GROUP BY user_id`,
      [members],
    );
    expect(sent).toHaveLength(members.length);
    expect(sent.every((row) => row.count === 1)).toBe(true);
  });
});
