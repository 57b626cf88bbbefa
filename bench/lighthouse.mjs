#!/usr/bin/env node
// @ts-check
// `npm run bench:lighthouse`: Lighthouse's mobile performance on every public route (issue #11):
// the score and LCP/FCP/TBT/CLS under its default throttling (simulated slow 4G, 4x CPU), and the
// LCP on loopback without throttling (mobile viewport); the accessibility score of each route; and
// `/` once more as a signed-in demo member (issue #45), with the session cookie sent on every request. Against BENCH_URL when set (e.g. `npm start`'s
// http://127.0.0.1:8080, with its demo data), else on the bench stack with demo data. Chromium is
// Debian's (CHROME_PATH, /usr/bin/chromium by default). A benchmark, not a test: it asserts nothing.
// BENCH_RUNS (1) runs per route; the median run is reported. Each row also gives Lighthouse's
// benchmarkIndex of the throttled runs (its measure of this host's CPU speed): the same build's scores
// and loopback LCP move with it between days on this shared machine, so figures of two runs compare
// only beside it. The rows are written as JSON to .infra/bench/lighthouse-<time>.json too.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createProgress } from '../scripts/infra/progress.mjs';
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { prepareBench, startBenchStack } from './bench-stack.mjs';
import { writeJson } from './feed-report.mjs';
import { signIn } from './sign-in.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const progress = createProgress();
/** A demo member (scripts/seed/demo-data.json): the signed-in row is her feed. */
const DEMO_MEMBER = { name: 'Ana Early', email: 'ana@daybreak.local' };

/** @typedef {{ label: string, path: string, cookie?: string }} Route */

/**
 * The public routes of spec §2 with a guest's view: the feed, landing, blog, an article and a post,
 * the newest with a photo if the first page has one (a photo is what a post's page paints largest);
 * then the feed as a signed-in member sees it.
 * @returns {Promise<Route[]>}
 */
async function routesToMeasure(/** @type {string} */ base) {
  const response = await fetch(`${base}/api/posts?limit=10&offset=0`);
  if (!response.ok) throw new Error(`GET /api/posts: ${response.status}`);
  const page = /** @type {{ id: string, imageUrl: string | null }[]} */ (await response.json());
  const post = page.find((candidate) => candidate.imageUrl) ?? page[0];
  if (!post) throw new Error('The feed is empty: a post page needs a post (demo data)');
  const guest = ['/', '/landing', '/blog', '/blog/why-5am-health-success', `/post/${post.id}`];
  const cookie = await signIn(base, DEMO_MEMBER);
  return [...guest.map((path) => ({ label: path, path })), { label: '/ (signed in)', path: '/', cookie }];
}

/**
 * @typedef {{ score: number, a11y: number, lcp: number, fcp: number, tbt: number, cls: number,
 *   benchmarkIndex: number, advice: string[] }} Measurement
 */

/**
 * @param {number} port Chromium's debugging port
 * @param {string} url
 * @param {boolean} throttled Lighthouse's mobile defaults, or none (loopback as it is)
 * @param {string | undefined} cookie a session's Cookie header, sent with every request of the page
 * @param {number} attemptsLeft further runs when Lighthouse reports a failed run
 * @returns {Promise<Measurement>}
 */
async function measure(port, url, throttled, cookie, attemptsLeft = 2) {
  /** @type {import('lighthouse').Config['settings']} */
  const settings = throttled
    ? {}
    : { throttlingMethod: 'provided', throttling: { rttMs: 0, throughputKbps: 0, cpuSlowdownMultiplier: 1 } };
  if (cookie) settings.extraHeaders = { Cookie: cookie };
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    {
      extends: 'lighthouse:default',
      settings,
    },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // Some runs lose their trace (NO_NAVSTART: "Please run Lighthouse again"); a page that fails
    // every time still fails the bench.
    if (attemptsLeft > 0) {
      console.log(`  (${url}: ${lhr.runtimeError.code}, measuring again)`);
      return measure(port, url, throttled, cookie, attemptsLeft - 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  if (cookie) assertSignedIn(lhr, url);
  const ms = (/** @type {string} */ id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcp: ms('largest-contentful-paint'),
    fcp: ms('first-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    // What Lighthouse would fix first: its opportunities with savings, by size.
    advice: Object.values(lhr.audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 0)
      .sort((a, b) => (b.numericValue ?? 0) - (a.numericValue ?? 0))
      .slice(0, 3)
      .map((audit) => `${audit.id} ${Math.round(audit.numericValue ?? 0)} ms`),
  };
}

/**
 * A signed-in row measures a member's page only if the page's session check answered 200: a cookie
 * the gateway no longer accepts would measure the guest's page under the member's label.
 * @param {import('lighthouse').Result} lhr
 * @param {string} url
 */
function assertSignedIn(lhr, url) {
  const requests = /** @type {{ url: string, statusCode: number }[]} */ (
    /** @type {{ items?: unknown[] } | undefined} */ (lhr.audits['network-requests']?.details)?.items ?? []
  );
  const check = requests.find((request) => new URL(request.url).pathname === '/api/auth/user');
  if (check?.statusCode !== 200)
    throw new Error(
      `${url}: the session check answered ${check?.statusCode ?? 'nothing'}, not 200 (not signed in)`,
    );
}

/** @template T @param {T[]} runs @param {(run: T) => number} by */
const median = (runs, by) => [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)];

async function bench(/** @type {string} */ base) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    const rows = [];
    for (const { label, path, cookie } of await routesToMeasure(base)) {
      const url = `${base}${path}`;
      const throttled = [];
      const loopback = [];
      for (let run = 0; run < RUNS; run++) {
        throttled.push(await measure(chrome.port, url, true, cookie));
        loopback.push(await measure(chrome.port, url, false, cookie));
      }
      const slow = median(throttled, (run) => run.score);
      const fast = median(loopback, (run) => run.lcp);
      rows.push({ route: label, ...slow, loopbackLcp: fast.lcp });
      console.log(
        `${label.padEnd(34)} score ${String(slow.score).padStart(3)}  LCP ${slow.lcp} ms  FCP ${slow.fcp} ms` +
          `  TBT ${slow.tbt} ms  CLS ${slow.cls}  a11y ${slow.a11y}  |  loopback LCP ${fast.lcp} ms` +
          `  |  benchmarkIndex ${slow.benchmarkIndex}` +
          (slow.advice.length ? `\n${' '.repeat(36)}${slow.advice.join(', ')}` : ''),
      );
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}

/** Writes the rows as .infra/bench/lighthouse-<time>.json (and lighthouse-latest.json). @param {object[]} rows */
function record(rows) {
  console.log();
  writeJson('lighthouse', { runsPerRoute: RUNS, url: process.env.BENCH_URL ?? 'bench stack' }, { rows });
}

async function main() {
  console.log(
    'Lighthouse mobile (slow 4G, 4x CPU) with the accessibility score, and LCP on loopback without throttling\n',
  );
  if (process.env.BENCH_URL) {
    record(await bench(process.env.BENCH_URL.replace(/\/$/, '')));
    return;
  }
  await prepareBench(progress);
  const stack = await startBenchStack(progress);
  try {
    await seedDemoData(stack, progress);
    record(await bench(stack.url));
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
