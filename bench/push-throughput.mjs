// @ts-check
// Push throughput for `npm run bench:notifications`: post.liked events for BENCH_PUSH_MEMBERS members,
// each with a device on the fake push service (its own process, bench/push-service-process.mjs),
// consumed by one notifications worker and then by two; pushes a second from the first push to the
// last, and each process's CPU per push (the worker's covers the whole like: the notification, the
// unread count and the push).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MACHINE, cpuMeter, pidListeningOn } from './cpu.mjs';
import { envelope } from './events.mjs';
import { fakeSubscription } from './push-service.mjs';

export const PUSHES = Number(process.env.BENCH_PUSHES ?? 10_000);
export const PUSH_MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS ?? 2_000);
/** The fake push service answers this long after a request (a real one's round trip). */
export const PUSH_SERVICE_DELAY_MS = 50;
const GROUP = 'likes';

/** Polls `check` every 100 ms until it returns true. @param {string} what @param {() => Promise<boolean>} check */
export async function pollUntil(what, check, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000}s`);
    await sleep(100);
  }
}

/** The consumer group is settled with `members` processes. */
export async function groupStable(/** @type {any} */ admin, /** @type {string} */ groupId, members = 1) {
  await pollUntil(`consumer group ${groupId} with ${members} members`, async () => {
    const {
      groups: [group],
    } = await admin.describeGroups([groupId]);
    return group?.state === 'Stable' && group.members.length === members;
  });
}

/**
 * PUSH_MEMBERS new members, each subscribed on one device of the fake push service (written to
 * the table directly: subscribing is not what is measured).
 * @param {import('pg').Client} db @param {Awaited<ReturnType<typeof import('./push-service-process.mjs').startPushServiceProcess>>} pushService
 * @param {string} group @param {number} count
 */
export async function subscribedMembers(db, pushService, group, count) {
  const members = Array.from({ length: count }, () => randomUUID());
  const devices = members.map((_, i) => fakeSubscription(pushService.endpoint(group, i)));
  for (let i = 0; i < count; i += 5000)
    await db.query(
      `INSERT INTO notifications.push_subscriptions (endpoint, user_id, p256dh, auth)
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[])`,
      [
        devices.slice(i, i + 5000).map((device) => device.endpoint),
        members.slice(i, i + 5000),
        devices.slice(i, i + 5000).map((device) => device.keys.p256dh),
        devices.slice(i, i + 5000).map((device) => device.keys.auth),
      ],
    );
  return members;
}

/**
 * Postgres, Redis and Kafka (shared by every stack on this machine), found by the ports they listen
 * on; a group is empty (shown as '?') when its process is not ours to read.
 * @param {Record<string, string>} env the stack's
 */
export function infrastructure(env) {
  const listening = (/** @type {string} */ url) =>
    [pidListeningOn(Number(new URL(url).port)) ?? 0].filter(Boolean);
  return {
    Postgres: listening(env.DATABASE_URL),
    Redis: listening(env.REDIS_URL),
    Kafka: listening(`kafka://${env.KAFKA_BROKERS.split(',')[0]}`),
  };
}

/**
 * PUSHES likes of the members' posts, at once; resolves with pushes a second (first to last push at
 * the fake), each named process's (and the push service's) CPU in ms per push, and how many of the
 * machine's cores were busy meanwhile (everything included: at two, the machine was the limit).
 * @param {{ producer: any, pushService: any, members: string[], processes: Record<string, number[]>, infra: Record<string, number[]> }} run
 */
export async function pushRate({ producer, pushService, members, processes, infra }) {
  const before = await pushService.count(GROUP);
  const events = Array.from({ length: PUSHES }, (_, i) =>
    envelope(
      'post.liked',
      { postId: randomUUID(), postAuthorId: members[i % members.length], likerId: randomUUID() },
      randomUUID(),
    ),
  );
  const meter = cpuMeter({ ...processes, 'push service': [pushService.pid], ...infra });
  const started = performance.now();
  await producer.send('post.liked', events, 'postId');
  await pollUntil('pushes', async () => (await pushService.count(GROUP)) >= before + PUSHES);
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter.stop();
  const arrivals = (await pushService.arrivals(GROUP)).slice(before, before + PUSHES);
  const rate = (PUSHES - 1) / ((arrivals[PUSHES - 1] - arrivals[0]) / 1000);
  /** @type {Record<string, number | null>} */
  const cpuMsPerPush = {};
  for (const name of [...Object.keys(processes), 'push service', ...Object.keys(infra)])
    cpuMsPerPush[name] = cpu[name] === null ? null : (cpu[name] * seconds * 1000) / PUSHES;
  return { rate, cpuMsPerPush, busyCores: cpu[MACHINE] };
}

export { GROUP as PUSH_GROUP };
