// @ts-check
// Unread counts for `npm run bench:notifications`: every announcement on Redis' unread channel, and
// the time from a like to its author's count announced.
import { randomUUID } from 'node:crypto';

const LIKES = Number(process.env.BENCH_LIKES ?? 1000);
const WARMUP_LIKES = 20;
const CHANNEL = 'notifications:unread';

/** @param {number[]} sorted @param {number} q */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Every announcement on the unread channel, timestamped on arrival; `waitFor` resolves with the
 * arrival time of the first one of a member that satisfies the predicate.
 */
export async function listenToUnreadCounts(/** @type {any} */ Redis, /** @type {string} */ redisUrl) {
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

/**
 * Like → the author's count announced, one like at a time.
 * @param {any} progress @param {any} stack @param {any} unread
 * @param {(service: string, userId: string | null) => Record<string, string>} identity
 */
export async function likeToUnread(progress, stack, unread, identity) {
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
