#!/usr/bin/env node
// @ts-check
// `npm run bench:streak-test`: the worst request an attacker can make of the streak test page
// (`GET /api/test/streak-calculation/{userId}`, issue 40), on the bench stack (fresh): a member with
// BENCH_EARLY_POSTS (3,000) early posts, BENCH_POSTS_PER_MORNING (1; at most 120, a minute apart
// from 05:00, as fast as someone posting all morning) a morning going back in time, written with SQL
// straight into the posts and streaks schemas (generate_series; no events), is asked for by a
// signed-in member.
// For each of BENCH_REQUESTS (5) sequential requests: its time, the calls the gateway made to the
// posts and streaks services (their http_server_request_duration_seconds counts, before and after),
// and how much the peak RSS of the gateway and posts processes grew (VmHWM, reset before each request
// through /proc/<pid>/clear_refs). Then the same requests BENCH_CONCURRENT (5) at once. A benchmark,
// not a test: it asserts nothing. Prints a table.
import { readFileSync, writeFileSync } from 'node:fs';
import { createProgress } from '../scripts/infra/progress.mjs';
import { printTable } from './feed-report.mjs';
import { prepareBench, startBenchStack } from './bench-stack.mjs';
import { signIn } from './sign-in.mjs';

const EARLY_POSTS = Number(process.env.BENCH_EARLY_POSTS ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 5);
const PER_MORNING = Math.min(120, Number(process.env.BENCH_POSTS_PER_MORNING ?? 1));
const progress = createProgress();

/**
 * The member's early posts: number n was written n / PER_MORNING mornings ago, at 05:00 UTC plus
 * n % PER_MORNING minutes (a 5am post before 06:00, a 6am one after); its text says which.
 */
async function seedEarlyPosts(/** @type {import('pg').Client} */ db, /** @type {string} */ memberId) {
  const minute = `(n % ${PER_MORNING})`;
  const postedAt = `(date_trunc('day', now()) - (n / ${PER_MORNING}) * interval '1 day' + interval '5 hours' + ${minute} * interval '1 minute')`;
  const classification = `(CASE WHEN ${minute} < 60 THEN '5am' ELSE '6am' END)`;
  const postId = `overlay(overlay(md5('streak-bench-' || $1 || '-' || n) placing '4' from 13) placing '8' from 17)::uuid`;
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO posts.posts (id, author_id, content, timezone, sent_timezone, time_classification,
                              created_at, updated_at, likes_count, comments_count)
     SELECT ${postId}, $1::uuid, 'Morning number ' || n || ': up before the sun, again.', 'UTC', 'UTC',
            ${classification}, ${postedAt}, ${postedAt}, 0, 0
     FROM generate_series(0, $2::int - 1) AS n`,
    [memberId, EARLY_POSTS],
  );
  // A post before 06:30 belongs to the previous day's streak period.
  await db.query(
    `INSERT INTO streaks.early_posts (post_id, user_id, streak_day, local_day, classification, posted_at, timezone)
     SELECT ${postId}, $1::uuid, (${postedAt} - interval '6 hours 30 minutes')::date, (${postedAt})::date,
            ${classification}, ${postedAt}, 'UTC'
     FROM generate_series(0, $2::int - 1) AS n`,
    [memberId, EARLY_POSTS],
  );
  await db.query('COMMIT');
  await db.query('VACUUM (ANALYZE) posts.posts, streaks.early_posts');
}

/** Requests each service has answered so far, from its own metrics. */
async function requestsServed(/** @type {string} */ baseUrl) {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n'))
    if (line.startsWith('http_server_request_duration_seconds_count{') && !line.includes('route="/metrics"'))
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
  return total;
}

/** Peak resident memory of a process since its last reset, in MB. */
const peakRssMb = (/** @type {number} */ pid) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const currentRssMb = (/** @type {number} */ pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** Sets the peak to the current RSS (Linux: writing 5 to clear_refs resets VmHWM). */
const resetPeak = (/** @type {number} */ pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function main() {
  await prepareBench(progress);
  const { default: pg } = await import('pg');
  const stack = await startBenchStack(progress);
  try {
    const base = stack.url;
    const cookie = await signIn(base, { name: 'Vera Viewer', email: 'vera@daybreak.local' });
    const authorCookie = await signIn(base, { name: 'Ezra Early', email: 'ezra@daybreak.local' });
    const member = /** @type {{ id: string }} */ (
      await (await fetch(`${base}/api/auth/user`, { headers: { cookie: authorCookie } })).json()
    );
    await progress.step(`${EARLY_POSTS.toLocaleString('en')} early posts`, async () => {
      const db = new pg.Client({ connectionString: stack.profile.env.DATABASE_URL });
      await db.connect();
      try {
        await seedEarlyPosts(db, member.id);
      } finally {
        await db.end();
      }
    });
    const serviceUrl = (/** @type {string} */ name) =>
      new URL(stack.profile.services.find((service) => service.name === name)?.readyUrl ?? '').origin;
    const pids = { gateway: stack.pid('gateway') ?? 0, posts: stack.pid('posts') ?? 0 };
    const url = `${base}/api/test/streak-calculation/${member.id}?timezone=UTC`;

    /** `count` requests at once: time, downstream calls and peak RSS growth. */
    const measure = async (/** @type {number} */ count) => {
      for (const pid of Object.values(pids)) resetPeak(pid);
      const rssBefore = { gateway: currentRssMb(pids.gateway), posts: currentRssMb(pids.posts) };
      const [postsBefore, streaksBefore] = await Promise.all([
        requestsServed(serviceUrl('posts')),
        requestsServed(serviceUrl('streaks')),
      ]);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: count }, async () => {
          const response = await fetch(url, { headers: { cookie } });
          const body = /** @type {{ earlyPosts: unknown[] }} */ (await response.json());
          if (!response.ok) throw new Error(`the streak test answered ${response.status}`);
          return body.earlyPosts.length;
        }),
      );
      const ms = performance.now() - started;
      const [postsAfter, streaksAfter] = await Promise.all([
        requestsServed(serviceUrl('posts')),
        requestsServed(serviceUrl('streaks')),
      ]);
      return [
        `${ms.toFixed(0)} ms`,
        String(postsAfter - postsBefore),
        String(streaksAfter - streaksBefore),
        `+${(peakRssMb(pids.gateway) - rssBefore.gateway).toFixed(1)} MB`,
        `+${(peakRssMb(pids.posts) - rssBefore.posts).toFixed(1)} MB`,
        String(answers[0]),
      ];
    };

    /** @type {string[][]} */
    const rows = [];
    const run = async (/** @type {string} */ label, /** @type {number} */ count) =>
      progress.step(label, async () => {
        const row = await measure(count);
        rows.push([label, ...row]);
        return row[0];
      });
    for (let i = 1; i <= REQUESTS; i++) await run(`one request (#${i})`, 1);
    await run(`${CONCURRENT} at once`, CONCURRENT);
    printTable(
      [
        'streak test',
        'time',
        'posts calls',
        'streaks calls',
        'gateway peak RSS',
        'posts peak RSS',
        'posts listed',
      ],
      rows,
    );
    console.log(
      `\n(a member with ${EARLY_POSTS.toLocaleString('en')} early posts, ${PER_MORNING} a morning; peak RSS growth over the RSS before;` +
        ' servers and client share this machine)',
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(`\n✖ bench failed: ${error.message}`);
  process.exit(1);
});
