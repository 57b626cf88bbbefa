#!/usr/bin/env node
// @ts-check
// `npm run bench:notifications`: how fast notifications reach members, on the bench stack (fresh,
// with demo data). Three figures:
//  1. like → the author's unread count announced on Redis (`notifications:unread`): p50/p99 over
//     BENCH_LIKES (1,000) likes, one at a time, each by a new member straight to the posts service with
//     identity tokens (the gateway allows a member 120 likes a minute);
//  2. push throughput with 1 and then 2 notifications worker processes, against a fake push service in
//     this process that answers 201 after 20 ms (BENCH_PUSHES, 600, post.liked events per run);
//  3. fan-out: a post by an author with BENCH_FOLLOWERS (10,000) followers → the last follower's
//     unread count announced;
//  4. a backlog: BENCH_BACKLOG (20,000) post.liked events, each by a new liker of one of 100
//     authors' posts, published at once → all of them notified: how fast one worker catches up, and
//     its CPU per event (what a 5 AM burst or a worker back from an outage costs).
// BENCH_ONLY=backlog measures 4 alone.
// Events for 2 and 3 are published to the bench stack's topics, as the posts and social services
// would. A benchmark, not a test: it asserts nothing. Prints a table; writes it as JSON to .infra/bench/.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { INFRA_DIR } from '../scripts/infra/config.mjs';
import { createProgress } from '../scripts/infra/progress.mjs';
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { startProcess } from '../scripts/stack/processes.mjs';
import { prepareBench, startBenchStack } from './bench-stack.mjs';
import { benchProducer, envelope } from './events.mjs';
import { printTable } from './feed-report.mjs';
import { cpuMeter } from './cpu.mjs';
import { identitySigner } from './identity.mjs';
import { fakeSubscription, startFakePushService } from './push-service.mjs';

const LIKES = Number(process.env.BENCH_LIKES ?? 1000);
const PUSHES = Number(process.env.BENCH_PUSHES ?? 600);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS ?? 10_000);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const BACKLOG_AUTHORS = 100;
const BACKLOG_ONLY = process.env.BENCH_ONLY === 'backlog';
const WARMUP_LIKES = 20;
const PUSH_RECIPIENTS = 20;
const PUSH_SERVICE_DELAY_MS = 20;
const CHANNEL = 'notifications:unread';
/** The second worker's health port: the bench profile's services take 23001–23005. */
const EXTRA_WORKER_PORT = 23_050;
const GOALS = { likeP50: 30, likeP99: 150, workerRatio: 1.7 };
const progress = createProgress();

// Loaded after the dependencies are installed (a fresh clone has none yet).
/** The identity header the gateway would send for a member (bench/identity.mjs); set once the stack runs. */
/** @type {(service: string, userId: string | null) => Record<string, string>} */ let identity;
/** @type {any} */ let Redis;
/** @type {any} */ let pg;

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Polls `check` every 100 ms until it returns true. @param {string} what @param {() => Promise<boolean>} check */
async function pollUntil(what, check, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000}s`);
    await sleep(100);
  }
}

/**
 * Every announcement on the unread channel, timestamped on arrival; `waitFor` resolves with the
 * arrival time of the first one of a member that satisfies the predicate.
 */
async function listenToUnreadCounts(/** @type {string} */ redisUrl) {
  const subscriber = new Redis(redisUrl);
  /** @type {Set<{ userId: string, done: (count: number) => boolean, resolve: (at: number) => void }>} */
  const waiters = new Set();
  /** @type {((userId: string, at: number) => void) | null} */
  let onEach = null;
  subscriber.on('message', (/** @type {string} */ _channel, /** @type {string} */ text) => {
    const at = performance.now();
    const { userId, count } = JSON.parse(text);
    onEach?.(userId, at);
    for (const waiter of waiters)
      if (waiter.userId === userId && waiter.done(count)) {
        waiters.delete(waiter);
        waiter.resolve(at);
      }
  });
  await subscriber.subscribe(CHANNEL);
  return {
    /** @param {string} userId @param {(count: number) => boolean} done */
    waitFor(userId, done, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const waiter = {
          userId,
          done,
          resolve: (/** @type {number} */ at) => (clearTimeout(timer), resolve(at)),
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no unread count for ${userId} within ${timeoutMs / 1000}s`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    /** @param {((userId: string, at: number) => void) | null} fn */
    onEach(fn) {
      onEach = fn;
    },
    close: () => subscriber.quit(),
  };
}

/** 1. Like → the author's count announced, one like at a time. */
async function likeToUnread(stack, unread) {
  return progress.run(`like → unread count (${LIKES} likes via the posts service)`, async (update) => {
    const postsUrl = stack.profile.gateway.env.POSTS_URL;
    const notificationsUrl = stack.profile.gateway.env.NOTIFICATIONS_URL;
    const posts = /** @type {{ id: string, userId: string }[]} */ (
      await (
        await fetch(`${postsUrl}/posts?limit=1&offset=0`, { headers: identity('posts', randomUUID()) })
      ).json()
    );
    const [{ id: postId, userId: authorId }] = posts;
    const { count: initial } = /** @type {{ count: number }} */ (
      await (
        await fetch(`${notificationsUrl}/notifications/unread-count`, {
          headers: identity('notifications', authorId),
        })
      ).json()
    );
    /** @type {number[]} */
    const took = [];
    for (let i = 1; i <= WARMUP_LIKES + LIKES; i++) {
      const expected = initial + i;
      const seen = unread.waitFor(authorId, (/** @type {number} */ count) => count >= expected);
      const started = performance.now();
      const response = await fetch(`${postsUrl}/posts/${postId}/like`, {
        method: 'POST',
        headers: identity('posts', randomUUID()),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`like answered ${response.status}`);
      const at = await seen;
      if (i > WARMUP_LIKES) took.push(at - started);
      if (i % 100 === 0) update(`${i}/${WARMUP_LIKES + LIKES}`);
    }
    took.sort((a, b) => a - b);
    const result = { likes: LIKES, p50: quantile(took, 0.5), p99: quantile(took, 0.99), max: took.at(-1) };
    return { result, summary: `p50 ${result.p50.toFixed(1)} ms` };
  });
}

/** Publishes PUSHES post.liked events to the subscribed members; resolves with pushes a second. */
async function pushRate(producer, pushService, recipients) {
  const before = pushService.arrivals.length;
  const events = Array.from({ length: PUSHES }, (_, i) =>
    envelope(
      'post.liked',
      { postId: randomUUID(), postAuthorId: recipients[i % recipients.length], likerId: randomUUID() },
      randomUUID(),
    ),
  );
  await producer.send('post.liked', events, 'postId');
  await pollUntil('pushes', async () => pushService.arrivals.length >= before + PUSHES);
  const arrivals = pushService.arrivals.slice(before, before + PUSHES);
  // From the first push to the last: the steady pace, without the consumers' first fetch.
  return (PUSHES - 1) / ((arrivals[PUSHES - 1] - arrivals[0]) / 1000);
}

/** The notifications consumer group is settled with `members` processes. */
async function groupStable(admin, groupId, members) {
  await pollUntil(`consumer group ${groupId} with ${members} members`, async () => {
    const {
      groups: [group],
    } = await admin.describeGroups([groupId]);
    return group?.state === 'Stable' && group.members.length === members;
  });
}

/** 2. Push throughput with the stack's own notifications process, then with one more worker. */
async function pushThroughput(stack, producer, pushService, workers) {
  const notifications = stack.profile.services.find((service) => service.name === 'notifications');
  const groupId = notifications.env.KAFKA_GROUP_ID;
  const recipients = Array.from({ length: PUSH_RECIPIENTS }, () => randomUUID());
  for (const [i, userId] of recipients.entries()) {
    const response = await fetch(
      `${notifications.readyUrl.replace('/health/ready', '')}/push/subscriptions`,
      {
        method: 'POST',
        headers: { ...identity('notifications', userId), 'content-type': 'application/json' },
        body: JSON.stringify({ subscription: fakeSubscription(`${pushService.origin}/push/${i}`) }),
      },
    );
    if (!response.ok) throw new Error(`subscribing answered ${response.status}: ${await response.text()}`);
  }
  const one = await progress.run(`push throughput, 1 worker (${PUSHES} pushes)`, async () => {
    await groupStable(producer.admin, groupId, 1);
    const rate = await pushRate(producer, pushService, recipients);
    return { result: rate, summary: `${rate.toFixed(1)}/s` };
  });
  const two = await progress.run(`push throughput, 2 workers (${PUSHES} pushes)`, async (update) => {
    update('starting a second worker');
    workers.push(
      await startProcess(
        {
          name: 'notifications-worker-2',
          command: notifications.command,
          env: { ...notifications.env, NOTIFICATIONS_ROLE: 'worker', PORT: String(EXTRA_WORKER_PORT) },
          readyUrl: `http://127.0.0.1:${EXTRA_WORKER_PORT}/health/ready`,
        },
        { profile: stack.profile.name },
      ),
    );
    update('waiting for the group to rebalance');
    await groupStable(producer.admin, groupId, 2);
    update('measuring');
    const rate = await pushRate(producer, pushService, recipients);
    return { result: rate, summary: `${rate.toFixed(1)}/s` };
  });
  return { oneWorker: one, twoWorkers: two, ratio: two / one };
}

/** 3. A post by an author with FOLLOWERS followers → the last follower's count announced. */
async function fanOut(stack, producer, unread) {
  const authorId = randomUUID();
  const followers = Array.from({ length: FOLLOWERS }, () => randomUUID());
  const db = new pg.Client({ connectionString: stack.profile.env.DATABASE_URL });
  await db.connect();
  try {
    return await progress.run(`fan-out to ${FOLLOWERS} followers`, async (update) => {
      update('publishing the follows');
      await producer.send(
        'user.followed',
        followers.map((followerId) =>
          envelope('user.followed', { followerId, followeeId: authorId }, followerId),
        ),
        'followerId',
      );
      update('waiting for the notifications service to take them in');
      await pollUntil('follows in the notifications read model', async () => {
        const { rows } = await db.query(
          'SELECT count(*)::int AS n FROM notifications.follows WHERE followee_id = $1',
          [authorId],
        );
        return rows[0].n >= FOLLOWERS;
      });
      update('post published; waiting for every follower');
      const pending = new Set(followers);
      let first = 0;
      /** @type {(at: number) => void} */
      let allSeen = () => {};
      const done = new Promise((resolve) => (allSeen = resolve));
      unread.onEach((userId, at) => {
        if (!pending.delete(userId)) return;
        first ||= at;
        if (pending.size === 0) allSeen(at);
      });
      const started = performance.now();
      await producer.send(
        'post.created',
        [
          envelope(
            'post.created',
            {
              postId: randomUUID(),
              authorId,
              createdAt: new Date().toISOString(),
              timezone: 'UTC',
              timeClassification: 'none',
              isEarlyMorning: false,
              hasImage: false,
            },
            authorId,
          ),
        ],
        'postId',
      );
      const last = /** @type {number} */ (
        await Promise.race([
          done,
          sleep(300_000, undefined, { ref: false }).then(() => {
            throw new Error(`${pending.size} followers not announced in 5 minutes`);
          }),
        ])
      );
      unread.onEach(null);
      const result = { followers: FOLLOWERS, firstMs: first - started, lastMs: last - started };
      return { result, summary: `last follower after ${result.lastMs.toFixed(0)} ms` };
    });
  } finally {
    await db.end();
  }
}

/** 4. A backlog of BACKLOG likes published at once → every one notified, with one worker. */
async function backlog(stack, producer) {
  const db = new pg.Client({ connectionString: stack.profile.env.DATABASE_URL });
  await db.connect();
  try {
    return await progress.run(
      `backlog of ${BACKLOG.toLocaleString('en')} likes, 1 worker`,
      async (update) => {
        const authors = Array.from({ length: BACKLOG_AUTHORS }, () => randomUUID());
        const posts = authors.map(() => randomUUID());
        const events = Array.from({ length: BACKLOG }, (_, i) =>
          envelope(
            'post.liked',
            {
              postId: posts[i % BACKLOG_AUTHORS],
              postAuthorId: authors[i % BACKLOG_AUTHORS],
              likerId: randomUUID(),
            },
            randomUUID(),
          ),
        );
        const notified = async () =>
          (
            await db.query(
              'SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = ANY($1::uuid[])',
              [authors],
            )
          ).rows[0].n;
        const meter = cpuMeter({ notifications: [stack.pid('notifications')].filter(Boolean) });
        const started = performance.now();
        update('publishing');
        await producer.send('post.liked', events, 'postId');
        update('waiting for the worker');
        await pollUntil('the backlog notified', async () => {
          const n = await notified();
          update(`${n.toLocaleString('en')}/${BACKLOG.toLocaleString('en')}`);
          return n >= BACKLOG;
        });
        const seconds = (performance.now() - started) / 1000;
        const cpu = meter.stop();
        const result = {
          events: BACKLOG,
          seconds,
          perSecond: BACKLOG / seconds,
          cpuMsPerEvent: ((cpu.notifications ?? 0) * seconds * 1000) / BACKLOG,
        };
        return {
          result,
          summary: `${result.perSecond.toFixed(0)} events/s, ${result.cpuMsPerEvent.toFixed(2)} ms of CPU each`,
        };
      },
    );
  } finally {
    await db.end();
  }
}

function report(figures) {
  const { like, push, fanout, backlog } = figures;
  const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
  const rows = [
    [
      'like → author unread count, p50',
      `${like.p50.toFixed(1)} ms`,
      `≤ ${GOALS.likeP50} ms`,
      verdict(like.p50 <= GOALS.likeP50),
    ],
    [
      'like → author unread count, p99',
      `${like.p99.toFixed(1)} ms`,
      `≤ ${GOALS.likeP99} ms`,
      verdict(like.p99 <= GOALS.likeP99),
    ],
    ['push throughput, 1 worker', `${push.oneWorker.toFixed(1)} /s`, '', ''],
    ['push throughput, 2 workers', `${push.twoWorkers.toFixed(1)} /s`, '', ''],
    [
      'push throughput, 2 / 1 workers',
      `${push.ratio.toFixed(2)}×`,
      `≥ ${GOALS.workerRatio}×`,
      verdict(push.ratio >= GOALS.workerRatio),
    ],
    [`fan-out to ${fanout.followers}, first follower`, `${fanout.firstMs.toFixed(0)} ms`, '', ''],
    [`fan-out to ${fanout.followers}, last follower`, `${fanout.lastMs.toFixed(0)} ms`, '', ''],
    [`backlog of ${backlog.events} likes, 1 worker`, `${backlog.perSecond.toFixed(0)} events/s`, '', ''],
    [`backlog, worker CPU per event`, `${backlog.cpuMsPerEvent.toFixed(2)} ms`, '', ''],
  ];
  const header = ['figure', 'measured', 'goal', 'verdict'];
  printTable(header, rows);
  console.log(
    `\n(likes: one at a time, new liker each, POST to the posts service with identity tokens, until the` +
      ` author's count is published on Redis; push: ${PUSHES} post.liked events to ${PUSH_RECIPIENTS} members,` +
      ` fake push service answering after ${PUSH_SERVICE_DELAY_MS} ms, rate from first to last push;` +
      ` fan-out with 2 worker processes; everything shares this machine's cores)`,
  );
  writeFigures('notifications', { goals: GOALS, ...figures });
}

/** Writes figures as JSON to .infra/bench/<name>-<time>.json. @param {string} name @param {object} figures */
function writeFigures(name, figures) {
  const dir = path.join(INFRA_DIR, 'bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}

/** BENCH_ONLY=backlog: the backlog's figures alone, printed and written to .infra/bench/. */
function reportBacklog(/** @type {{ events: number, perSecond: number, cpuMsPerEvent: number }} */ result) {
  printTable(
    ['figure', 'measured'],
    [
      [`backlog of ${result.events} likes, 1 worker`, `${result.perSecond.toFixed(0)} events/s`],
      ['backlog, worker CPU per event', `${result.cpuMsPerEvent.toFixed(2)} ms`],
    ],
  );
  writeFigures('notifications-backlog', { backlog: result });
}

async function main() {
  await prepareBench(progress);
  [{ default: Redis }, { default: pg }] = await Promise.all([import('ioredis'), import('pg')]);
  // The notifications processes (the stack's and the extra worker) inherit this from our environment.
  const pushService = await startFakePushService(PUSH_SERVICE_DELAY_MS);
  process.env.PUSH_EXTRA_ORIGINS = pushService.origin;
  const stack = await startBenchStack(progress);
  identity = await identitySigner(stack);
  /** @type {{ stop(): Promise<void> }[]} */
  const workers = [];
  const unread = await listenToUnreadCounts(stack.profile.env.REDIS_URL);
  const producer = await benchProducer(stack.profile.env.KAFKA_BROKERS);
  try {
    await seedDemoData(stack, progress);
    if (BACKLOG_ONLY) {
      reportBacklog(await backlog(stack, producer));
      return;
    }
    const like = await likeToUnread(stack, unread);
    const backlogged = await backlog(stack, producer);
    const push = await pushThroughput(stack, producer, pushService, workers);
    const fanout = await fanOut(stack, producer, unread);
    report({ like, push, fanout, backlog: backlogged });
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all([producer.close(), unread.close(), pushService.close()]);
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(`\n✖ bench failed: ${error.message}`);
  process.exit(1);
});
