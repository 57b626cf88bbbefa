#!/usr/bin/env node
// @ts-check
// `npm run bench:burst`: a 5 AM burst at 1/100 of a million members, replayed against the bench
// stack through the gateway, and where its time and CPU go: the figures docs/scaling.md's capacity
// model is built from.
//
//  1. BENCH_MEMBERS (10,000) members, written with SQL into social and the read models as their
//     sign-ups would have left them, following each other in a heavy-tailed graph
//     (bench/burst-members.mjs; ~15 follows each); BENCH_HISTORY_POSTS (100,000) older posts in the
//     posts schema (bench/feed-data.mjs), so the feed reads a table of a few months; PUSH_SHARE of
//     the members with a push subscription to a fake push service in this process. Of the active
//     members (BENCH_ACTIVE_SHARE, 25 %: those whose band is at 5 AM and who post this morning),
//     BENCH_BURST_SHARE (a fifth) sign in through the gateway and the identity provider.
//  2. One operation at a time, for the CPU each costs: text posts, posts with a photo (a phone's
//     12-megapixel JPEG), likes, comments, follows, feed pages, notification lists, by those
//     members through the gateway, CALIBRATION_CONCURRENCY at a time. A phase's CPU is every stack
//     process's (gateway, services, Postgres, Redis, Kafka) from its first request until the
//     services are idle again, so it includes the events the operation caused, the notifications
//     they made and the pushes sent; less what each process uses with no requests at all (measured
//     for 5 s before: the broker's and the database's housekeeping, the relays' polling).
//  3. The burst: the 90 minutes after 5 AM of one band compressed into BENCH_BURST_SECONDS (120),
//     each of those members posting once and reading, liking, commenting, following and looking
//     at notifications in the stated mix (bench/burst-plan.mjs), open-loop at the timetable's
//     times. Per operation: rate, p50/p99 latency, answers that were not 2xx; per process: CPU
//     seconds; notifications and pushes made; then what each schema holds per row and per member,
//     and Kafka bytes per event.
// Prints tables; writes them as JSON to .infra/bench/burst-<time>.json and burst-latest.json. A
// benchmark, not a test: it asserts nothing. Every member comes from an address of its own
// (X-Forwarded-For, which the gateway believes from loopback), so the per-address buckets meet
// none of them; the per-member limits are the production ones (the mix stays under them).
import { createRequire } from 'node:module';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { TOPIC_PREFIXES } from '../scripts/infra/config.mjs';
import { loadKafkajs } from '../scripts/infra/kafka.mjs';
import { createProgress } from '../scripts/infra/progress.mjs';
import { prepareBench, startBenchStack } from './bench-stack.mjs';
import {
  followGraph,
  registerMembers,
  seededRandom,
  signInMembers,
  writeFollowGraph,
} from './burst-members.mjs';
import { MIX, PHOTO_SHARE, countByType, morningTimetable } from './burst-plan.mjs';
import { databaseActivity, schemaSizes, storedPhotos, topicGrowth, topicSizes } from './burst-storage.mjs';
import { LOAD_GENERATOR, MACHINE, cpuMeter, pidListeningOn } from './cpu.mjs';
import { newestPostIds, seedFeedPosts } from './feed-data.mjs';
import { printTable, writeJson } from './feed-report.mjs';
import { identitySigner } from './identity.mjs';
import { fakeSubscription, startFakePushService } from './push-service.mjs';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 120);
const HISTORY_POSTS = Number(process.env.BENCH_HISTORY_POSTS ?? 100_000);
/**
 * Members who post on a given morning within their band's 90 minutes: the biggest band holds ~40 %
 * of the members and ~60 % of a band's members post on a morning (stated, docs/scaling.md).
 */
const ACTIVE_SHARE = Number(process.env.BENCH_ACTIVE_SHARE ?? 0.25);
/**
 * The active members whose mornings the burst replays: all of them at 45× would ask this machine
 * for about 1,000 CPU seconds in two minutes (a 12 MP photo alone costs media about a second), so by
 * default a fifth of them, at their times: the request rate of the whole band compressed 9×. The
 * figures per operation and per member's morning do not depend on it; 1 replays everyone (about 12
 * minutes here).
 */
const BURST_SHARE = Number(process.env.BENCH_BURST_SHARE ?? 0.2);
/** Members with a device subscribed to web push. */
const PUSH_SHARE = 0.2;
const PUSH_SERVICE_DELAY_MS = 20;
/** Operations each calibration phase does, per type (fewer for the costly ones). */
const CALIBRATION = {
  post: 200,
  'photo-post': 40,
  like: 600,
  comment: 300,
  follow: 200,
  feed: 1000,
  notifications: 500,
};
const CALIBRATION_CONCURRENCY = 8;
/** A phone's photo, as the app uploads it (it does not shrink photos): 12 MP, about 4 MB as made here. */
const PHOTO = { width: 4032, height: 3024 };
/** Requests the burst keeps in flight at most: past it, the timetable waits (and the lag is shown). */
const MAX_IN_FLIGHT = 256;
/** The services are idle when, together, they use less than this share of a core for IDLE_MS. */
const IDLE_CPU = 0.08;
const IDLE_MS = 1500;
/** How long the idle baseline is measured. */
const IDLE_BASELINE_MS = 5000;
const SERVICE_PROCESSES = ['gateway', 'posts', 'social', 'streaks', 'notifications', 'media'];
const SCHEMAS = ['posts', 'social', 'streaks', 'notifications', 'media'];
const TEXTS = [
  'Up at 5, coffee, ten pages of my book before anyone else woke.',
  'Ran 6 km along the river while the city was still quiet.',
  'Journaled for twenty minutes. The plan for today fits on one card.',
  'Stretching, cold shower, and the first light over the roofs.',
];
const REPLIES = ['Great start!', 'Same here, see you tomorrow at 5.', 'Love this.', 'How do you do it?'];
const progress = createProgress();

/** @typedef {import('./burst-members.mjs').Member} Member */
/** @typedef {import('./burst-plan.mjs').ActionType} ActionType */
/** @typedef {{ latencies: number[], statuses: Record<string, number> }} Tally */
/**
 * What the operations need to know: the gateway, the members, the posts to like and comment on,
 * who follows whom.
 * @typedef {{ base: string, members: Member[], photo: Blob, recentPosts: string[],
 *   liked: Set<string>, follows: Set<number>[], pick: () => number, random: () => number }} World
 */

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
/** @template T @param {T[]} list @param {() => number} random @returns {T} */
const anyOf = (list, random) => list[Math.floor(random() * list.length)];

/** A 12-megapixel JPEG with a photo's detail (smooth noise), made with the media service's sharp. */
async function phonePhoto() {
  const sharp = createRequire(new URL('../services/media/package.json', import.meta.url))('sharp');
  const grain = { width: PHOTO.width / 4, height: PHOTO.height / 4, channels: 3 };
  const small = await sharp({ create: { ...grain, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
  const jpeg = await sharp(small)
    .resize(PHOTO.width, PHOTO.height, { kernel: 'cubic' })
    .jpeg({ quality: 85 })
    .toBuffer();
  return new Blob([jpeg], { type: 'image/jpeg' });
}

/**
 * One member's request of an operation, through the gateway; resolves to its status (0: no answer).
 * @param {World} world @param {Member} member @param {ActionType} type
 */
async function perform(world, member, type) {
  const { base, random } = world;
  const headers = { cookie: member.cookie ?? '', 'x-forwarded-for': member.address, origin: base };
  /** @param {string} path @param {RequestInit} [init] */
  const call = async (path, init = {}) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } });
    const body = await response.arrayBuffer();
    return { status: response.status, body };
  };
  const json = (/** @type {unknown} */ body) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  switch (type) {
    case 'feed':
      return (await call(`/api/posts?limit=10&offset=${anyOf([0, 0, 10, 20], random)}`)).status;
    case 'notifications':
      return (await call('/api/notifications')).status;
    case 'post':
    case 'photo-post': {
      const form = new FormData();
      form.set('content', anyOf(TEXTS, random));
      form.set('timezone', member.timezone);
      if (type === 'photo-post') form.set('image', world.photo, 'IMG_0500.jpg');
      const { status, body } = await call('/api/posts', { method: 'POST', body: form });
      if (status === 201) world.recentPosts.push(JSON.parse(Buffer.from(body).toString('utf8')).post.id);
      return status;
    }
    case 'like': {
      const postId = unlikedPost(world, member);
      return (await call(`/api/posts/${postId}/like`, { method: 'POST' })).status;
    }
    case 'comment':
      return (
        await call(`/api/posts/${recentPost(world)}/comments`, json({ content: anyOf(REPLIES, random) }))
      ).status;
    case 'follow': {
      const followee = newFollowee(world, member);
      return (await call(`/api/users/${world.members[followee].id}/follow`, { method: 'POST' })).status;
    }
  }
}

/** One of the newest posts: what members read first in the morning. @param {World} world */
function recentPost(world) {
  return anyOf(world.recentPosts.slice(-300), world.random);
}

/** A recent post the member has not liked yet (a like toggles: a second would unlike). @param {World} world @param {Member} member */
function unlikedPost(world, member) {
  for (let attempt = 0; ; attempt++) {
    const postId = recentPost(world);
    if (attempt > 20 || !world.liked.has(`${member.index}:${postId}`)) {
      world.liked.add(`${member.index}:${postId}`);
      return postId;
    }
  }
}

/** Someone the member does not follow yet, popular ones likelier. @param {World} world @param {Member} member */
function newFollowee(world, member) {
  const mine = world.follows[member.index];
  for (;;) {
    const followee = world.pick();
    if (followee !== member.index && !mine.has(followee)) {
      mine.add(followee);
      return followee;
    }
  }
}

/** @param {Tally} tally @param {number} status @param {number} ms */
function record(tally, status, ms) {
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  if (status >= 200 && status < 300) tally.latencies.push(ms);
}

/** @param {Tally} tally */
function summarise(tally) {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const failed = Object.entries(tally.statuses).filter(([status]) => !status.startsWith('2'));
  return {
    ok: sorted.length,
    failed: Object.fromEntries(failed),
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
  };
}

/**
 * The CPU of the stack's processes and the infrastructure, in CPU seconds over what it measured,
 * less what each spends idle (`idle`, a share of a core: Kafka's and Postgres' housekeeping, the
 * relays' polling), so that what remains is what the requests cost.
 * @param {Record<string, number[]>} pids @param {Record<string, number>} [idle]
 */
function cpuSeconds(pids, idle = {}) {
  const meter = cpuMeter(pids);
  const started = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const shares = meter.stop();
      return {
        seconds,
        cpu: Object.fromEntries(
          Object.entries(shares).map(([name, share]) => [
            name,
            Math.max(0, ((share ?? 0) - (idle[name] ?? 0)) * seconds),
          ]),
        ),
      };
    },
  };
}

/**
 * What each process uses with no requests, as a share of a core, over IDLE_BASELINE_MS once the
 * services are idle. @param {Record<string, number[]>} groups
 * @returns {Promise<Record<string, number>>}
 */
async function idleShares(groups) {
  await servicesIdle(SERVICE_PROCESSES.flatMap((name) => groups[name]));
  const meter = cpuMeter(groups);
  await sleep(IDLE_BASELINE_MS);
  const shares = meter.stop();
  return Object.fromEntries(
    Object.entries(shares)
      .filter(([name]) => name !== LOAD_GENERATOR && name !== MACHINE)
      .map(([name, share]) => [name, share ?? 0]),
  );
}

/** Resolves once the stack's own processes have been idle for IDLE_MS (events consumed, pushes sent). @param {number[]} pids */
async function servicesIdle(pids, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const meter = cpuMeter({ services: pids });
    await sleep(IDLE_MS);
    if ((meter.stop().services ?? 0) < IDLE_CPU) return;
  }
  throw new Error(`the services were still busy ${timeoutMs / 1000}s after the requests`);
}

/**
 * The stack's processes, the infrastructure's and the identity provider's, by name, for cpuMeter.
 * @param {Awaited<ReturnType<typeof startBenchStack>>} stack @param {Record<string, string>} infraEnv
 */
function processGroups(stack, infraEnv) {
  const port = (/** @type {string} */ url) => Number(new URL(url).port);
  const listening = (/** @type {number} */ p) => [pidListeningOn(p) ?? 0].filter(Boolean);
  return {
    ...Object.fromEntries(SERVICE_PROCESSES.map((name) => [name, [stack.pid(name) ?? 0].filter(Boolean)])),
    postgres: listening(port(infraEnv.DATABASE_URL)),
    redis: listening(port(infraEnv.REDIS_URL)),
    kafka: listening(port(`kafka://${infraEnv.KAFKA_BROKERS.split(',')[0]}`)),
  };
}

/** CPU seconds of the processes that serve (everything but the load generator and the machine's rest). @param {Record<string, number>} cpu */
const stackCpu = (cpu) =>
  Object.entries(cpu)
    .filter(([name]) => name !== LOAD_GENERATOR && name !== MACHINE)
    .reduce((sum, [, seconds]) => sum + seconds, 0);

/**
 * Counts that grow with what the operations caused: notifications made and pushes sent.
 * @param {import('pg').Client} db @param {{ arrivals: number[] }} pushService
 */
async function effects(db, pushService) {
  const { rows } = await db.query('SELECT count(*)::int AS n FROM notifications.notifications');
  return { notifications: rows[0].n, pushes: pushService.arrivals.length };
}

/**
 * One operation type alone: `count` of them, CALIBRATION_CONCURRENCY at a time, by the active
 * members in turn; its CPU until the services are idle again.
 * @param {World} world @param {Member[]} active @param {ActionType} type @param {number} count
 * @param {{ groups: Record<string, number[]>, idle: Record<string, number>, db: import('pg').Client,
 *   pushService: { arrivals: number[] } }} context
 */
function calibrate(world, active, type, count, { groups, idle, db, pushService }) {
  return progress.run(`${type} × ${count}`, async (update) => {
    /** @type {Tally} */
    const tally = { latencies: [], statuses: {} };
    const before = await effects(db, pushService);
    const meter = cpuSeconds(groups, idle);
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const member = active[next++ % active.length];
        const started = performance.now();
        record(tally, await perform(world, member, type), performance.now() - started);
        if (next % 50 === 0) update(`${next}/${count}`);
      }
    };
    await Promise.all(Array.from({ length: CALIBRATION_CONCURRENCY }, worker));
    update('waiting for the services to be idle');
    await servicesIdle(SERVICE_PROCESSES.flatMap((name) => groups[name]));
    const { seconds, cpu } = meter.stop();
    const after = await effects(db, pushService);
    const busy = stackCpu(cpu);
    const result = {
      type,
      count,
      ...summarise(tally),
      seconds,
      cpu,
      cpuMsPerOperation: (busy * 1000) / count,
      notifications: after.notifications - before.notifications,
      pushes: after.pushes - before.pushes,
    };
    return {
      result,
      summary: `${result.cpuMsPerOperation.toFixed(2)} ms of CPU each, p50 ${result.p50.toFixed(1)} ms, ${result.notifications} notifications, ${result.pushes} pushes`,
    };
  });
}

/**
 * The burst: the timetable's actions, each sent at its time (open-loop), MAX_IN_FLIGHT at most.
 * @param {World} world @param {Member[]} active @param {import('./burst-plan.mjs').Action[]} actions
 * @param {Record<string, number[]>} groups @param {Record<string, number>} idle
 */
function replay(world, active, actions, groups, idle) {
  return progress.run(
    `burst: ${actions.length.toLocaleString('en')} requests in ${BURST_SECONDS}s`,
    async (update) => {
      /** @type {Record<string, Tally>} */
      const tallies = {};
      const meter = cpuSeconds(groups, idle);
      const started = performance.now();
      let [next, inFlight, worstLagMs] = [0, 0, 0];
      /** @type {Promise<void>[]} */
      const running = [];
      let lastShown = 0;
      while (next < actions.length) {
        const now = (performance.now() - started) / 1000;
        while (next < actions.length && actions[next].at <= now && inFlight < MAX_IN_FLIGHT) {
          const action = actions[next++];
          worstLagMs = Math.max(worstLagMs, (now - action.at) * 1000);
          const tally = (tallies[action.type] ??= { latencies: [], statuses: {} });
          inFlight++;
          const sent = performance.now();
          running.push(
            perform(world, active[action.member], action.type)
              .catch(() => 0)
              .then((status) => record(tally, status, performance.now() - sent))
              .finally(() => inFlight--),
          );
        }
        if (now - lastShown >= 1) {
          lastShown = now;
          update(`${Math.floor(now)}s: ${next.toLocaleString('en')} sent, ${inFlight} in flight`);
        }
        await sleep(5);
      }
      await Promise.all(running);
      const sendingSeconds = (performance.now() - started) / 1000;
      update('waiting for the services to be idle');
      await servicesIdle(
        SERVICE_PROCESSES.flatMap((name) => groups[name]),
        300_000,
      );
      const { seconds, cpu } = meter.stop();
      const operations = Object.fromEntries(
        Object.entries(tallies).map(([type, tally]) => {
          const summary = summarise(tally);
          return [
            type,
            {
              ...summary,
              perSecond:
                (summary.ok + Object.values(summary.failed).reduce((a, b) => a + b, 0)) / BURST_SECONDS,
            },
          ];
        }),
      );
      const result = { sendingSeconds, drainedAfterSeconds: seconds, worstLagMs, operations, cpu };
      return {
        result,
        summary: `sent in ${sendingSeconds.toFixed(0)}s, idle after ${seconds.toFixed(0)}s, ${stackCpu(cpu).toFixed(0)} CPU seconds`,
      };
    },
  );
}

/**
 * Subscribes PUSH_SHARE of the members to web push on the notifications service directly.
 * @param {Member[]} members @param {string} notificationsUrl @param {string} origin
 * @param {(service: string, userId: string | null) => Record<string, string>} identity
 */
async function subscribeToPush(members, notificationsUrl, origin, identity) {
  const subscribers = members.filter((member) => member.index % Math.round(1 / PUSH_SHARE) === 0);
  for (let i = 0; i < subscribers.length; i += 20)
    await Promise.all(
      subscribers.slice(i, i + 20).map(async (member) => {
        const response = await fetch(`${notificationsUrl}/push/subscriptions`, {
          method: 'POST',
          headers: { ...identity('notifications', member.id), 'content-type': 'application/json' },
          body: JSON.stringify({ subscription: fakeSubscription(`${origin}/push/${member.index}`) }),
        });
        if (!response.ok)
          throw new Error(`subscribing answered ${response.status}: ${await response.text()}`);
      }),
    );
  return subscribers.length;
}

/**
 * Per table and per schema: bytes, rows, bytes per row and per member.
 * @param {Awaited<ReturnType<typeof schemaSizes>>} sizes @param {number} members
 */
function storageFigures(sizes, members) {
  return Object.fromEntries(
    Object.entries(sizes).map(([schema, tables]) => {
      const bytes = Object.values(tables).reduce((sum, table) => sum + table.bytes, 0);
      return [
        schema,
        {
          bytes,
          bytesPerMember: bytes / members,
          tables: Object.fromEntries(
            Object.entries(tables).map(([name, t]) => [
              name,
              { ...t, bytesPerRow: t.rows ? t.bytes / t.rows : null },
            ]),
          ),
        },
      ];
    }),
  );
}

/** @param {number} n */
const ms = (n) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const kb = (/** @type {number} */ n) => `${(n / 1024).toFixed(n < 10_240 ? 2 : 0)} KiB`;

/** Prints the figures and writes them as JSON. @param {Record<string, any>} figures */
function report(figures) {
  const { calibration, burst, storage, photoFiles, kafka, settings } = figures;
  const names = Object.keys(calibration[0].cpu).filter((name) => name !== MACHINE);
  printTable(
    ['one operation alone', 'CPU / op', 'p50', 'p99', 'notifications', 'pushes', ...names],
    calibration.map((/** @type {any} */ run) => [
      `${run.type} × ${run.count}`,
      ms(run.cpuMsPerOperation),
      ms(run.p50),
      ms(run.p99),
      String(run.notifications),
      String(run.pushes),
      ...names.map((name) => ms((run.cpu[name] * 1000) / run.count)),
    ]),
  );
  console.log(
    `(CPU per operation: every stack process and the infrastructure, until the services are idle again, so` +
      ` what its events, notifications and pushes cost is in it, less each process's use with no requests;` +
      ` the columns by process are per operation too)`,
  );
  printTable(
    ['burst operation', 'requests/s', 'p50', 'p99', 'not 2xx'],
    Object.entries(burst.operations).map(([type, op]) => [
      type,
      op.perSecond.toFixed(1),
      ms(op.p50),
      ms(op.p99),
      Object.entries(op.failed)
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ') || '0',
    ]),
  );
  const total = stackCpu(burst.cpu);
  printTable(
    ['burst CPU by process', 'CPU seconds', 'share'],
    Object.entries(burst.cpu).map(([name, seconds]) => [
      name,
      seconds.toFixed(1),
      name === MACHINE || name === LOAD_GENERATOR ? '' : `${Math.round((seconds / total) * 100)}%`,
    ]),
  );
  console.log(
    `(${burst.sendingSeconds.toFixed(0)}s of sending, services idle ${burst.drainedAfterSeconds.toFixed(0)}s after` +
      ` the start; ${total.toFixed(1)} CPU seconds in all, ${((total / settings.burstMembers) * 1000).toFixed(0)} ms per member's morning;` +
      ` worst lag behind the timetable ${burst.worstLagMs.toFixed(0)} ms; ${burst.notifications.toLocaleString('en')} notifications,` +
      ` ${burst.pushes.toLocaleString('en')} pushes; Postgres: ${burst.postgres.commits.toLocaleString('en')} commits,` +
      ` ${burst.postgres.rowsWritten.toLocaleString('en')} rows written (${Object.entries(
        burst.postgres.rowsWrittenBySchema,
      )
        .map(([schema, n]) => `${schema} ${n.toLocaleString('en')}`)
        .join(', ')}), ${kb(burst.postgres.walBytes)} of WAL;` +
      ` ${os.cpus().length} cores shared with the machine's other work)`,
  );
  printTable(
    ['schema', 'size', 'per member', 'largest tables (bytes per row)'],
    Object.entries(storage).map(([schema, s]) => [
      schema,
      kb(s.bytes),
      kb(s.bytesPerMember),
      Object.entries(s.tables)
        .sort(([, a], [, b]) => b.bytes - a.bytes)
        .slice(0, 3)
        .map(
          ([name, t]) => `${name} ${t.rows.toLocaleString('en')} rows, ${t.bytesPerRow?.toFixed(0) ?? '-'} B`,
        )
        .join('; '),
    ]),
  );
  console.log(
    `(photos on disk: ${photoFiles.photos} stored by this run, ${kb(photoFiles.bytesPerPhoto ?? 0)} each with their renditions;` +
      ` removed again when the run ends)`,
  );
  printTable(
    ['topic (burst)', 'events', 'bytes per event'],
    Object.entries(kafka).map(([topic, k]) => [topic, String(k.messages), k.bytesPerMessage.toFixed(0)]),
  );
  writeJson('burst', settings, figures);
}

async function main() {
  const infraEnv = await prepareBench(progress);
  const { default: pg } = await import('pg');
  const pushService = await startFakePushService(PUSH_SERVICE_DELAY_MS);
  // The notifications process sends to it (it inherits this environment).
  process.env.PUSH_EXTRA_ORIGINS = pushService.origin;
  const stack = await startBenchStack(progress);
  const mediaDir = stack.profile.services.find((service) => service.name === 'media')?.env.MEDIA_STORAGE_DIR;
  const photos = storedPhotos(mediaDir ?? '');
  const db = new pg.Client({ connectionString: stack.profile.env.DATABASE_URL });
  await db.connect();
  const { Kafka, logLevel } = loadKafkajs();
  const admin = new Kafka({
    clientId: 'bench-burst',
    brokers: infraEnv.KAFKA_BROKERS.split(','),
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  try {
    const identity = await identitySigner(stack);
    const random = seededRandom();
    const activeCount = Math.round(MEMBERS * ACTIVE_SHARE);
    const members = await progress.run(`${MEMBERS.toLocaleString('en')} members`, async () => {
      const registered = await registerMembers(db, {
        issuer: stack.profile.issuer,
        count: MEMBERS,
        active: activeCount,
      });
      return {
        result: registered,
        summary: `registered; ${activeCount.toLocaleString('en')} of them at 5 AM (${registered[0].timezone})`,
      };
    });
    const graph = followGraph(MEMBERS, random);
    const followCount = await progress.run('follow graph', async (update) => {
      const n = await writeFollowGraph(db, members, graph.follows, update);
      const most = Math.max(
        ...graph.follows.reduce((counts, followees) => {
          for (const f of followees) counts[f]++;
          return counts;
        }, new Array(MEMBERS).fill(0)),
      );
      return {
        result: n,
        summary: `${n.toLocaleString('en')} follows (${(n / MEMBERS).toFixed(1)} each; the most followed has ${most.toLocaleString('en')} followers)`,
      };
    });
    await progress.step(`${HISTORY_POSTS.toLocaleString('en')} older posts`, async (update) => {
      await seedFeedPosts(
        db,
        { from: 0, to: HISTORY_POSTS, viewerId: members[0].id, anchor: new Date(Date.now() - 86_400_000) },
        update,
      );
      return 'in the posts schema (bench/feed-data.mjs)';
    });
    const subscribers = await progress.run('push subscriptions', async () => {
      const n = await subscribeToPush(
        members,
        stack.profile.gateway.env.NOTIFICATIONS_URL,
        pushService.origin,
        identity,
      );
      return {
        result: n,
        summary: `${n.toLocaleString('en')} members (${PUSH_SHARE * 100} %), to a fake push service answering after ${PUSH_SERVICE_DELAY_MS} ms`,
      };
    });
    const active = members.slice(0, Math.max(1, Math.round(activeCount * BURST_SHARE)));
    await progress.step(
      `${active.length.toLocaleString('en')} of the active members sign in`,
      async (update) => {
        await signInMembers(stack.url, active, update);
        return 'through the gateway and the identity provider';
      },
    );
    const photo = await phonePhoto();
    /** @type {World} */
    const world = {
      base: stack.url,
      members,
      photo,
      recentPosts: newestPostIds(300),
      liked: new Set(),
      follows: graph.follows,
      pick: graph.pick,
      random,
    };
    const groups = processGroups(stack, infraEnv);
    const idle = await progress.run('idle baseline', async () => {
      const shares = await idleShares(groups);
      const total = Object.values(shares).reduce((a, b) => a + b, 0);
      return {
        result: shares,
        summary: `${(total * 100).toFixed(1)} % of a core with no requests (taken off every figure)`,
      };
    });
    const context = { groups, idle, db, pushService };
    /** @type {any[]} */
    const calibration = [];
    for (const [type, count] of Object.entries(CALIBRATION))
      calibration.push(
        await calibrate(world, active.slice().reverse(), /** @type {ActionType} */ (type), count, context),
      );
    const actions = morningTimetable(active.length, BURST_SECONDS, random);
    const topicsBefore = await topicSizes(admin, TOPIC_PREFIXES.bench);
    const effectsBefore = await effects(db, pushService);
    const activity = await databaseActivity(db);
    const burst = await replay(world, active, actions, groups, idle);
    const postgres = await activity.since();
    const effectsAfter = await effects(db, pushService);
    const kafka = topicGrowth(topicsBefore, await topicSizes(admin, TOPIC_PREFIXES.bench));
    const storage = await progress.run('storage', async () => {
      const figures = storageFigures(await schemaSizes(db, SCHEMAS), MEMBERS);
      return {
        result: figures,
        summary: SCHEMAS.map((s) => `${s} ${kb(figures[s].bytes)}`).join(', '),
      };
    });
    report({
      settings: {
        members: MEMBERS,
        active: activeCount,
        burstShare: BURST_SHARE,
        burstMembers: active.length,
        follows: followCount,
        historyPosts: HISTORY_POSTS,
        pushSubscribers: subscribers,
        burstSeconds: BURST_SECONDS,
        mix: MIX,
        photoShare: PHOTO_SHARE,
        photoBytes: photo.size,
        photoPixels: `${PHOTO.width}x${PHOTO.height}`,
        timetable: countByType(actions),
        calibrationConcurrency: CALIBRATION_CONCURRENCY,
        idleShares: idle,
      },
      calibration,
      burst: {
        ...burst,
        notifications: effectsAfter.notifications - effectsBefore.notifications,
        pushes: effectsAfter.pushes - effectsBefore.pushes,
        postgres,
      },
      storage,
      photoFiles: photos.measure(),
      kafka,
    });
  } finally {
    await admin.disconnect();
    await db.end();
    await pushService.close();
    await stack.stop();
    photos.removeAdded();
  }
  progress.total('bench done');
}

main().catch((error) => {
  console.error(`\n✖ bench failed: ${error.message}`);
  process.exit(1);
});
