#!/usr/bin/env node
// @ts-check
// `npm run bench:routes`: latency of the social and streaks routes through the gateway, signed in as
// a demo member, on the bench stack with demo data. The leaderboard is measured for a viewer who
// follows 200 members with a week of early posts each (their events are published to the bench
// stack's topics, as the social and posts services would). Requests are sequential, so p50 is one
// request's cost, not queueing. A benchmark, not a test: it asserts nothing. BENCH_REQUESTS (200).
import { randomUUID } from 'node:crypto';
import { createProgress } from '../scripts/infra/progress.mjs';
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { prepareBench, startBenchStack } from './bench-stack.mjs';
import { benchProducer, envelope } from './events.mjs';
import { signIn } from './sign-in.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** Routes with a per-member rate limit below REQUESTS a minute are measured with fewer requests. */
const RATE_LIMITED_REQUESTS = 40;
const FOLLOWED = 200;
const progress = createProgress();

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** @param {string} url @param {string} cookie @param {number} count */
async function time(url, cookie, count) {
  const took = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { p50: quantile(took, 0.5), p99: quantile(took, 0.99), count };
}

/** The viewer follows FOLLOWED members, each with an early post on each of the last 7 mornings. */
async function followManyActiveMembers(/** @type {string} */ brokers, /** @type {string} */ viewerId) {
  const producer = await benchProducer(brokers);
  try {
    const members = Array.from({ length: FOLLOWED }, () => randomUUID());
    const follows = members.map((followeeId) =>
      envelope('user.followed', { followerId: viewerId, followeeId }, viewerId),
    );
    const posts = members.flatMap((authorId) =>
      Array.from({ length: 7 }, (_, daysAgo) => {
        const createdAt = new Date(Date.now() - daysAgo * 86_400_000);
        createdAt.setUTCHours(5, 5, 0, 0);
        return envelope(
          'post.created',
          {
            postId: randomUUID(),
            authorId,
            createdAt: createdAt.toISOString(),
            timezone: 'UTC',
            timeClassification: '5am',
            isEarlyMorning: true,
            hasImage: false,
          },
          authorId,
        );
      }),
    );
    await producer.send('user.followed', follows, 'followerId');
    await producer.send('post.created', posts, 'postId');
  } finally {
    await producer.close();
  }
}

async function main() {
  await prepareBench(progress);
  const stack = await startBenchStack(progress);
  try {
    await seedDemoData(stack, progress);
    const base = stack.url;
    const cookie = await signIn(base, { name: 'Ana Early', email: 'ana@daybreak.local' });
    const me = /** @type {{ id: string }} */ (
      await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json()
    );
    const people = /** @type {{ id: string }[]} */ (
      await (await fetch(`${base}/api/users?limit=100`, { headers: { cookie } })).json()
    );
    const other = people.find((p) => p.id !== me.id);
    if (!other) throw new Error('The demo data has one member: the profile route needs another');
    const { inviteCode } = /** @type {{ inviteCode: string }} */ (
      await (
        await fetch(`${base}/api/invites/generate`, {
          method: 'POST',
          headers: { cookie, origin: base },
        })
      ).json()
    );

    const routes = [
      ['GET /api/profile/{id}', `/api/profile/${other.id}`, REQUESTS],
      ['GET /api/profile/{id}/statistics', `/api/profile/${me.id}/statistics`, REQUESTS],
      ['GET /api/users?limit=100', '/api/users?limit=100', REQUESTS],
      ['GET /api/users/search?q=', '/api/users/search?q=be', RATE_LIMITED_REQUESTS],
      ['GET /api/users/{id}/followers', `/api/users/${me.id}/followers`, REQUESTS],
      ['GET /api/users/{id}/following', `/api/users/${me.id}/following`, REQUESTS],
      ['GET /api/invites/{code}', `/api/invites/${inviteCode}`, REQUESTS],
      ['GET /api/badges', '/api/badges', REQUESTS],
      ['GET /api/profile/{id}/badges', `/api/profile/${me.id}/badges`, REQUESTS],
    ];
    /** @type {[string, { p50: number, p99: number, count: number }][]} */
    const results = [];
    for (const [name, path, count] of routes) {
      const result = await progress.step(name, async () => {
        const measured = await time(`${base}${path}`, cookie, Number(count));
        results.push([String(name), measured]);
        return `p50 ${measured.p50.toFixed(1)} ms`;
      });
      void result;
    }
    await progress.step(`leaderboard: following ${FOLLOWED} active members`, async (update) => {
      update('publishing follows and a week of posts');
      await followManyActiveMembers(stack.profile.env.KAFKA_BROKERS, me.id);
      update('waiting for the streaks service to take them in');
      const deadline = Date.now() + 180_000;
      for (;;) {
        const board = await (
          await fetch(`${base}/api/following/leaderboard/weekly`, { headers: { cookie } })
        ).json();
        if (Array.isArray(board) && board.length > FOLLOWED) break;
        if (Date.now() > deadline) throw new Error('the follows did not reach the leaderboard in 3 minutes');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const measured = await time(`${base}/api/following/leaderboard/weekly`, cookie, REQUESTS);
      results.push([`GET /api/following/leaderboard/weekly (${FOLLOWED} followed)`, measured]);
      return `p50 ${measured.p50.toFixed(1)} ms`;
    });
    const width = Math.max(...results.map(([name]) => name.length));
    console.log(`\n${'route'.padEnd(width)}  requests  p50       p99`);
    for (const [name, { p50, p99, count }] of results)
      console.log(
        `${name.padEnd(width)}  ${String(count).padEnd(8)}  ${p50.toFixed(1).padStart(5)} ms  ${p99.toFixed(1).padStart(5)} ms`,
      );
    console.log(
      '\n(sequential requests through the gateway, signed in; servers and client share this machine)',
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(`\n✖ bench failed: ${error.message}`);
  process.exit(1);
});
