#!/usr/bin/env node
// @ts-check
// `npm run bench:notifications`: how fast notifications reach members, on the bench stack (fresh,
// with demo data), in one run:
//  1. like → the author's unread count announced on Redis (bench/unread-latency.mjs);
//  2. a backlog of likes published at once, one worker (bench/backlog.mjs);
//  3. push throughput with 1 and then 2 notifications worker processes, against a fake push service
//     in a process of its own answering after 50 ms (bench/push-throughput.mjs), and its ratio;
//  4. fan-out: a post by an author with 10,000 (the reference, measured in the same run) and with
//     BENCH_FOLLOWERS (100,000) followers → the last follower's unread count announced (bench/fan-out.mjs);
//  5. BENCH_REMINDER_MEMBERS (20,000) reminders due at one minute (bench/reminders-at-a-minute.mjs):
//     pending until the reminder scheduler's adapter (bench/reminder-scheduler.mjs) exists.
// Each figure comes with the CPU each process spent on it, per item (from /proc, bench/cpu.mjs).
// BENCH_ONLY=backlog measures 2 alone. BENCH_PROFILE=1 CPU-profiles the notifications processes from
// the push figures to the end and prints their busiest functions (bench/profile-report.mjs).
// A benchmark, not a test: it asserts nothing. Prints a table; writes it as JSON to .infra/bench/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INFRA_DIR } from '../scripts/infra/config.mjs';
import { createProgress } from '../scripts/infra/progress.mjs';
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { startProcess } from '../scripts/stack/processes.mjs';
import { backlog } from './backlog.mjs';
import { prepareBench, startBenchStack } from './bench-stack.mjs';
import { benchProducer } from './events.mjs';
import { fanOut } from './fan-out.mjs';
import { printTable } from './feed-report.mjs';
import { report, writeFigures } from './notifications-report.mjs';
import { identitySigner } from './identity.mjs';
import { printProfiles } from './profile-report.mjs';
import { startPushServiceProcess } from './push-service-process.mjs';
import {
  PUSHES,
  PUSH_SERVICE_DELAY_MS,
  PUSH_GROUP,
  PUSH_MEMBERS,
  groupStable,
  infrastructure,
  pushRate,
  subscribedMembers,
} from './push-throughput.mjs';
import { loadReminderScheduler, remindersAtAMinute } from './reminders-at-a-minute.mjs';
import { likeToUnread, listenToUnreadCounts } from './unread-latency.mjs';

const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 100_000);
const REFERENCE_FOLLOWERS = 10_000;
const BACKLOG_ONLY = process.env.BENCH_ONLY === 'backlog';
/** The second worker's health port: the bench profile's services take 23001–23005. */
const EXTRA_WORKER_PORT = 23_050;
const progress = createProgress();
/** BENCH_PROFILE=1: where the notifications processes' CPU goes from the push figures on, else null. */
const PROFILE_DIR =
  process.env.BENCH_PROFILE === '1'
    ? path.join(
        INFRA_DIR,
        'bench',
        'profiles',
        `notifications-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      )
    : null;

/**
 * With BENCH_PROFILE=1 every service the stack starts (and the second worker) loads
 * bench/profile-preload.cjs, and samples its CPU from a SIGUSR2 until it exits.
 */
function profileServices(/** @type {string} */ dir) {
  mkdirSync(dir, { recursive: true });
  const preload = fileURLToPath(new URL('./profile-preload.cjs', import.meta.url));
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim();
  process.env.BENCH_PROFILE_DIR = dir;
}
const startProfiling = (/** @type {number[]} */ pids) => {
  if (PROFILE_DIR) for (const pid of pids) process.kill(pid, 'SIGUSR2');
};

/** Push throughput with the stack's own notifications process, then with a second worker (left running). */
async function pushThroughput(/** @type {any} */ context, /** @type {any[]} */ workers) {
  const { stack, producer, pushService, db } = context;
  const notifications = stack.profile.services.find(
    (/** @type {any} */ service) => service.name === 'notifications',
  );
  const groupId = notifications.env.KAFKA_GROUP_ID;
  const members = await subscribedMembers(db, pushService, PUSH_GROUP, PUSH_MEMBERS);
  const infra = infrastructure(stack.profile.env);
  /** @type {Record<string, number[]>} */
  const processes = { 'worker 1': [stack.pid('notifications')].filter(Boolean) };
  const one = await progress.run(`pushes, 1 worker (${PUSHES})`, async () => {
    await groupStable(producer.admin, groupId, 1);
    startProfiling(processes['worker 1']);
    const result = await pushRate({ producer, pushService, members, processes, infra });
    return { result, summary: `${result.rate.toFixed(0)}/s` };
  });
  const two = await progress.run(`pushes, 2 workers (${PUSHES})`, async (update) => {
    update('starting a second worker');
    const worker = await startProcess(
      {
        name: 'notifications-worker-2',
        command: notifications.command,
        env: { ...notifications.env, NOTIFICATIONS_ROLE: 'worker', PORT: String(EXTRA_WORKER_PORT) },
        readyUrl: `http://127.0.0.1:${EXTRA_WORKER_PORT}/health/ready`,
      },
      { profile: stack.profile.name },
    );
    workers.push(worker);
    processes['worker 2'] = [worker.child.pid].filter((pid) => pid !== undefined);
    startProfiling(processes['worker 2']);
    update('waiting for the group to rebalance');
    await groupStable(producer.admin, groupId, 2);
    update('measuring');
    const result = await pushRate({ producer, pushService, members, processes, infra });
    return { result, summary: `${result.rate.toFixed(0)}/s` };
  });
  return { one, two, ratio: two.rate / one.rate, processes: { ...processes, Postgres: infra.Postgres } };
}

async function main() {
  await prepareBench(progress);
  if (PROFILE_DIR) profileServices(PROFILE_DIR);
  const [{ default: Redis }, { default: pg }] = await Promise.all([import('ioredis'), import('pg')]);
  // The notifications processes (the stack's and the extra worker) inherit this from our environment.
  const pushService = await startPushServiceProcess(PUSH_SERVICE_DELAY_MS);
  process.env.PUSH_EXTRA_ORIGINS = pushService.origin;
  const stack = await startBenchStack(progress);
  const identity = await identitySigner(stack);
  /** @type {{ stop(): Promise<void> }[]} */
  const workers = [];
  const unread = await listenToUnreadCounts(Redis, stack.profile.env.REDIS_URL);
  const producer = await benchProducer(stack.profile.env.KAFKA_BROKERS);
  const db = new pg.Client({ connectionString: stack.profile.env.DATABASE_URL });
  await db.connect();
  try {
    await seedDemoData(stack, progress);
    if (BACKLOG_ONLY) {
      const result = await backlog(progress, stack, producer, db);
      printTable(
        ['figure', 'measured'],
        [
          [`backlog of ${result.events} likes, 1 worker`, `${result.perSecond.toFixed(0)} events/s`],
          ['backlog, worker CPU per event', `${result.cpuMsPerEvent.toFixed(2)} ms`],
        ],
      );
      writeFigures('notifications-backlog', { backlog: result });
      return;
    }
    const like = await likeToUnread(progress, stack, unread, identity);
    const backlogged = await backlog(progress, stack, producer, db);
    const push = await pushThroughput({ stack, producer, pushService, db }, workers);
    const processes = push.processes;
    const fanouts = [];
    for (const followers of [REFERENCE_FOLLOWERS, FOLLOWERS])
      fanouts.push(
        await progress.run(`fan-out to ${followers.toLocaleString('en')} followers`, async () => {
          const result = await fanOut({ db, producer, unread, processes }, followers);
          return { result, summary: `last follower after ${result.lastMs.toFixed(0)} ms` };
        }),
      );
    const scheduler = await loadReminderScheduler();
    const reminders = scheduler
      ? await progress.run('reminders at one minute', async () => {
          const result = await remindersAtAMinute({ db, pushService, processes, workers: 2 }, scheduler);
          return { result, summary: `last push ${(result.lastPushMs / 1000).toFixed(1)} s after the minute` };
        })
      : null;
    report({
      like,
      backlog: backlogged,
      push: { one: push.one, two: push.two, ratio: push.ratio },
      fanouts,
      reminders,
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all([producer.close(), unread.close(), pushService.close(), db.end()]);
    await stack.stop();
  }
  if (PROFILE_DIR) printProfiles(PROFILE_DIR);
}

main().catch((error) => {
  console.error(`\n✖ bench failed: ${error.message}`);
  process.exit(1);
});
