// @ts-check
// Fan-out for `npm run bench:notifications`: a post by an author with N followers → the time until
// the last follower's unread count is published on Redis, and the notifications workers' CPU per
// follower. The follows are written to the notifications read model directly (how they arrive is
// not what is measured); the post arrives as the posts service would publish it.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuMeter } from './cpu.mjs';
import { envelope } from './events.mjs';

/**
 * @param {{ db: import('pg').Client, producer: any, unread: any, processes: Record<string, number[]> }} context
 * @param {number} followers
 */
export async function fanOut({ db, producer, unread, processes }, followers) {
  const authorId = randomUUID();
  const followerIds = Array.from({ length: followers }, () => randomUUID());
  for (let i = 0; i < followers; i += 10_000)
    await db.query(
      `INSERT INTO notifications.follows (followee_id, follower_id) SELECT $1, unnest($2::uuid[])`,
      [authorId, followerIds.slice(i, i + 10_000)],
    );
  /** @type {Set<string>} */
  const pending = new Set(followerIds);
  let first = 0;
  /** @type {(at: number) => void} */
  let allSeen = () => {};
  const done = new Promise((resolve) => (allSeen = resolve));
  unread.onEach((/** @type {string} */ userId, /** @type {number} */ at) => {
    if (!pending.delete(userId)) return;
    first ||= at;
    if (pending.size === 0) allSeen(at);
  });
  const meter = cpuMeter(processes);
  const started = performance.now();
  const post = {
    postId: randomUUID(),
    authorId,
    createdAt: new Date().toISOString(),
    timezone: 'UTC',
    timeClassification: 'none',
    isEarlyMorning: false,
    hasImage: false,
  };
  await producer.send('post.created', [envelope('post.created', post, authorId)], 'postId');
  try {
    const last = /** @type {number} */ (
      await Promise.race([
        done,
        sleep(300_000, undefined, { ref: false }).then(() => {
          throw new Error(`${pending.size} of ${followers} followers not announced in 5 minutes`);
        }),
      ])
    );
    const seconds = (last - started) / 1000;
    const cpu = meter.stop();
    /** @type {Record<string, number | null>} */
    const cpuMsPerFollower = {};
    for (const [name, share] of Object.entries(cpu))
      if (name in processes)
        cpuMsPerFollower[name] = share === null ? null : (share * seconds * 1000) / followers;
    return { followers, firstMs: first - started, lastMs: last - started, cpuMsPerFollower };
  } finally {
    unread.onEach(null);
  }
}
