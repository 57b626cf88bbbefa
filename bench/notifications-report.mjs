// @ts-check
// The table `npm run bench:notifications` prints, with each figure's goal and the CPU each process
// spent per item beside it; and the JSON it writes to .infra/bench/.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INFRA_DIR } from '../scripts/infra/config.mjs';
import { printTable } from './feed-report.mjs';
import { PUSHES, PUSH_MEMBERS, PUSH_SERVICE_DELAY_MS } from './push-throughput.mjs';
import { REMINDERS_WITHIN_MS, REMINDER_MEMBERS } from './reminders-at-a-minute.mjs';

const GOALS = {
  likeP50: 30,
  likeP99: 150,
  pushesOneWorker: 1000,
  workerRatio: 1.7,
  fanOutMs: 10_000,
  remindersWithinMs: REMINDERS_WITHIN_MS,
};

const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
/** Each process's CPU per item, e.g. "worker 1 0.61 ms, push service 0.04 ms". @param {Record<string, number | null>} cpu */
const cpuCell = (cpu) =>
  Object.entries(cpu)
    .map(([name, ms]) => `${name} ${ms === null ? '?' : ms.toFixed(2)} ms`)
    .join(', ');

/** How much of the machine was busy during a run. @param {{ busyCores: number | null }} run */
const busy = ({ busyCores }) =>
  `machine ${busyCores === null ? '?' : busyCores.toFixed(2)} of ${os.cpus().length} cores busy`;

export function report(/** @type {any} */ figures) {
  const { like, backlog: backlogged, push, fanouts, reminders } = figures;
  const [reference, fanout] = fanouts;
  const rows = [
    [
      'like → author unread count, p50',
      `${like.p50.toFixed(1)} ms`,
      `≤ ${GOALS.likeP50} ms`,
      verdict(like.p50 <= GOALS.likeP50),
      '',
    ],
    [
      'like → author unread count, p99',
      `${like.p99.toFixed(1)} ms`,
      `≤ ${GOALS.likeP99} ms`,
      verdict(like.p99 <= GOALS.likeP99),
      '',
    ],
    [
      `backlog of ${backlogged.events} likes, 1 worker`,
      `${backlogged.perSecond.toFixed(0)} events/s`,
      '',
      '',
      `worker ${backlogged.cpuMsPerEvent.toFixed(2)} ms / event`,
    ],
    [
      'pushes, 1 worker',
      `${push.one.rate.toFixed(0)} /s`,
      `≥ ${GOALS.pushesOneWorker} /s`,
      verdict(push.one.rate >= GOALS.pushesOneWorker),
      `${busy(push.one)}; per push: ${cpuCell(push.one.cpuMsPerPush)}`,
    ],
    [
      'pushes, 2 workers',
      `${push.two.rate.toFixed(0)} /s`,
      '',
      '',
      `${busy(push.two)}; per push: ${cpuCell(push.two.cpuMsPerPush)}`,
    ],
    [
      'pushes, 2 / 1 workers',
      `${push.ratio.toFixed(2)}×`,
      `≥ ${GOALS.workerRatio}×`,
      verdict(push.ratio >= GOALS.workerRatio),
      '',
    ],
    [
      `fan-out to ${reference.followers} (reference), last follower`,
      `${reference.lastMs.toFixed(0)} ms`,
      '',
      '',
      `per follower: ${cpuCell(reference.cpuMsPerFollower)}`,
    ],
    [`fan-out to ${fanout.followers}, first follower`, `${fanout.firstMs.toFixed(0)} ms`, '', '', ''],
    [
      `fan-out to ${fanout.followers}, last follower`,
      `${fanout.lastMs.toFixed(0)} ms`,
      `≤ ${GOALS.fanOutMs} ms`,
      verdict(fanout.lastMs <= GOALS.fanOutMs),
      `per follower: ${cpuCell(fanout.cpuMsPerFollower)}`,
    ],
    [
      `fan-out, ${fanout.followers} / ${reference.followers} followers`,
      `${(fanout.lastMs / reference.lastMs).toFixed(1)}× the time`,
      '',
      '',
      '',
    ],
    ...(reminders
      ? [
          [
            `${reminders.members} reminders at one minute, last written`,
            `${(reminders.lastWrittenMs / 1000).toFixed(1)} s`,
            `≤ ${GOALS.remindersWithinMs / 1000} s`,
            verdict(reminders.lastWrittenMs <= GOALS.remindersWithinMs),
            `per reminder: ${cpuCell(reminders.cpuMsPerReminder)}`,
          ],
          [
            'reminders, last push handed over',
            `${(reminders.lastPushMs / 1000).toFixed(1)} s`,
            `≤ ${GOALS.remindersWithinMs / 1000} s`,
            verdict(reminders.lastPushMs <= GOALS.remindersWithinMs),
            '',
          ],
          [
            'reminders, push lateness p50 / p99',
            `${(reminders.p50Ms / 1000).toFixed(1)} / ${(reminders.p99Ms / 1000).toFixed(1)} s`,
            '',
            '',
            '',
          ],
        ]
      : [
          [
            `${REMINDER_MEMBERS} reminders at one minute`,
            'PENDING',
            `≤ ${GOALS.remindersWithinMs / 1000} s`,
            '',
            'no bench/reminder-scheduler.mjs on this branch',
          ],
        ]),
  ];
  printTable(['figure', 'measured', 'goal', 'verdict', 'CPU (each process, from /proc)'], rows);
  console.log(
    `\n(push: ${PUSHES} post.liked events to ${PUSH_MEMBERS} members with a device each, fake push service in its` +
      ` own process answering after ${PUSH_SERVICE_DELAY_MS} ms, rate from first to last push, worker CPU covers the` +
      ` whole like (notification, count, push); fan-out with 2 worker processes, followers without devices;` +
      ` everything shares this machine's cores)`,
  );
  writeFigures('notifications', { goals: GOALS, ...figures });
}

/** Writes figures as JSON to .infra/bench/<name>-<time>.json. @param {string} name @param {object} figures */
export function writeFigures(name, figures) {
  const dir = path.join(INFRA_DIR, 'bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
