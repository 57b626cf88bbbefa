// @ts-check
// The feed benchmark's report (bench/run.mjs): its figures against the goals of the performance
// issue as a table, the CPU of each process during each run, and the same as JSON in .infra/bench/.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { INFRA_DIR } from '../scripts/infra/config.mjs';
import { LOAD_GENERATOR, MACHINE } from './cpu.mjs';

/**
 * @typedef {{ label: string, rps: number, p50: number, p99: number, rate?: number,
 *   cpu: Record<string, number | null>, p99s?: number[] }} Run
 * @typedef {{ seconds: number, warmupSeconds: number, connections: number, smallPosts: number,
 *   largePosts: number, likeMembers: number, likesAMinute: number, p99Rounds: number }} Settings
 */

/** Ratios are to F, the hello-world reference; times in ms. */
export const GOALS = {
  feedGateway: 0.15,
  feedGatewayWithoutCache: 0.06,
  feedDirect: 0.25,
  gatewayShare: 0.7,
  gatewayAddedP50Ms: 1,
  feedP99Ms: 30,
  largeP99Growth: 1.2,
  like: 0.08,
  likeP99Ms: 50,
  /** Issue 45: the server-rendered home page, as a guest's browser asks for it. */
  guestHtml: 0.1,
};

/** The guest's `GET /` row (ADR 0032): the HTML with the feed rendered in it, brotli, through the gateway. */
function guestHtmlFigure(/** @type {Run} */ guestHtml, /** @type {Run} */ reference) {
  const ratio = guestHtml.rps / reference.rps;
  return /** @type {[string, string, string, string, string]} */ ([
    guestHtml.label,
    `${guestHtml.rps.toFixed(0)} req/s`,
    ratio.toFixed(3),
    `≥ ${GOALS.guestHtml} F`,
    verdict(ratio >= GOALS.guestHtml),
  ]);
}

const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
/** A fixed-rate row's p99 of each run it took, as `8, 11, 7`. */
const p99s = (/** @type {Run} */ run) => (run.p99s ?? [run.p99]).map((p99) => p99.toFixed(0)).join(', ');
const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');

const percent = (/** @type {number | null} */ share) =>
  share === null ? 'n/a' : `${Math.round(share * 100)}%`;

/** Prints rows as an aligned table. @param {string[]} header @param {string[][]} rows */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (/** @type {string[]} */ cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

/** CPU of each process during each run, in shares of one core (this machine has os.cpus() of them). */
function printCpu(/** @type {Record<string, Run>} */ runs) {
  const names = Object.keys(Object.values(runs)[0].cpu);
  printTable(
    ['CPU during the run (100% = one core)', ...names],
    Object.values(runs).map(({ label, cpu }) => [label, ...names.map((name) => percent(cpu[name]))]),
  );
  console.log(
    `(${os.cpus().length} cores; Postgres counts the whole server with every backend; "other" is the identity provider and the` +
      ` other services (social, streaks, media); "whole machine" minus the rest is load from outside the bench, which makes the figures noisy)`,
  );
}

/** Writes the figures as JSON to .infra/bench/<name>-<time>.json and <name>-latest.json. */
export function writeJson(
  /** @type {string} */ name,
  /** @type {Settings | Record<string, unknown>} */ settings,
  /** @type {Record<string, unknown>} */ figures,
) {
  const dir = path.join(INFRA_DIR, 'bench');
  mkdirSync(dir, { recursive: true });
  const measuredAt = new Date().toISOString();
  const text = JSON.stringify(
    {
      measuredAt,
      settings: { ...settings, cores: os.cpus().length },
      ...figures,
    },
    null,
    2,
  );
  const file = path.join(dir, `${name}-${measuredAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, text);
  writeFileSync(path.join(dir, `${name}-latest.json`), text);
  console.log(`written to ${path.relative(process.cwd(), file)} (and ${name}-latest.json)`);
}

/** The figures against the goals, the CPU of each run, and the JSON. @param {Record<string, Run>} runs @param {Settings} settings */
export function reportFeed(runs, settings) {
  const { smallPosts, largePosts, p99Rounds } = settings;
  const { reference, direct, gateway, gatewayAtRate, directAtRate } = runs;
  const { large, largeAtRate, gatewayCompressed, feedWhileLiking } = runs;
  const ratio = (/** @type {Run} */ run) => run.rps / reference.rps;
  const feedRatio = ratio(gateway);
  const added = gatewayAtRate.p50 - directAtRate.p50;
  const growth = largeAtRate.p99 / gatewayAtRate.p99;
  /** @type {[string, string, string, string, string][]} */
  const figures = [
    ['F: fastify hello-world (own process)', `${reference.rps.toFixed(0)} req/s`, '1.000', '', ''],
    [
      'feed via gateway, signed in',
      `${gateway.rps.toFixed(0)} req/s`,
      feedRatio.toFixed(3),
      `≥ ${GOALS.feedGateway} F (≥ ${GOALS.feedGatewayWithoutCache} F without a feed cache)`,
      feedRatio >= GOALS.feedGateway
        ? 'met'
        : feedRatio >= GOALS.feedGatewayWithoutCache
          ? `NOT met (only the ${GOALS.feedGatewayWithoutCache} F goal of a stack without the cache)`
          : 'NOT met',
    ],
    [
      'feed via gateway, signed in, as a browser asks (brotli)',
      `${gatewayCompressed.rps.toFixed(0)} req/s`,
      ratio(gatewayCompressed).toFixed(3),
      '',
      '',
    ],
    guestHtmlFigure(runs.guestHtml, reference),
    [
      'feed on posts directly',
      `${direct.rps.toFixed(0)} req/s`,
      ratio(direct).toFixed(3),
      `≥ ${GOALS.feedDirect} F`,
      verdict(ratio(direct) >= GOALS.feedDirect),
    ],
    gatewayShareFigure(runs),
    [
      `gateway adds at p50 (both at ${gatewayAtRate.rate} req/s)`,
      ms(added),
      '',
      `≤ ${GOALS.gatewayAddedP50Ms} ms`,
      verdict(added <= GOALS.gatewayAddedP50Ms),
    ],
    [
      `feed via gateway at 60% (${gatewayAtRate.rate} req/s): p50 / p99, median of ${p99Rounds} runs (${p99s(gatewayAtRate)} ms)`,
      `${ms(gatewayAtRate.p50)} / ${ms(gatewayAtRate.p99)}`,
      '',
      `p99 ≤ ${GOALS.feedP99Ms} ms`,
      verdict(gatewayAtRate.p99 <= GOALS.feedP99Ms),
    ],
    [
      `feed on posts directly at ${directAtRate.rate} req/s: p50 / p99`,
      `${ms(directAtRate.p50)} / ${ms(directAtRate.p99)}`,
      '',
      '',
      '',
    ],
    ...likeFigures(runs),
    [
      `feed via gateway, ${largePosts.toLocaleString('en')} posts`,
      `${large.rps.toFixed(0)} req/s`,
      ratio(large).toFixed(3),
      '',
      '',
    ],
    [
      `feed p99 at ${largeAtRate.rate} req/s: ${largePosts.toLocaleString('en')} vs ${smallPosts.toLocaleString('en')} posts, median of ${p99Rounds} runs each`,
      `${ms(largeAtRate.p99)} vs ${ms(gatewayAtRate.p99)} (${growth >= 1 ? '+' : ''}${((growth - 1) * 100).toFixed(0)}%; runs: ${p99s(largeAtRate)} vs ${p99s(gatewayAtRate)} ms)`,
      '',
      `≤ +${Math.round((GOALS.largeP99Growth - 1) * 100)}%`,
      verdict(growth <= GOALS.largeP99Growth),
    ],
    [
      feedWhileLiking.label,
      `${feedWhileLiking.rps.toFixed(0)} req/s, p99 ${ms(feedWhileLiking.p99)} (${(feedWhileLiking.rps / large.rps).toFixed(2)}× the same feed without likes)`,
      ratio(feedWhileLiking).toFixed(3),
      '',
      '',
    ],
  ];
  printFigures('feed', runs, settings, figures);
}

/** The gateway's share of the feed's throughput. @param {Record<string, Run>} runs @returns {[string, string, string, string, string]} */
function gatewayShareFigure({ gateway, direct }) {
  const share = gateway.rps / direct.rps;
  return [
    'gateway / direct throughput',
    share.toFixed(3),
    '',
    `≥ ${GOALS.gatewayShare}`,
    verdict(share >= GOALS.gatewayShare),
  ];
}

/** The feed at its highest rate alone (BENCH_ONLY=feed): F, directly, through the gateway; feed-throughput-*.json. */
export function reportFeedThroughput(
  /** @type {Record<string, Run>} */ runs,
  /** @type {Settings} */ settings,
) {
  const { reference, direct, gateway } = runs;
  const row = (/** @type {Run} */ run) =>
    /** @type {[string, string, string, string, string]} */ ([
      run.label,
      `${run.rps.toFixed(0)} req/s`,
      (run.rps / reference.rps).toFixed(3),
      '',
      '',
    ]);
  printFigures('feed-throughput', runs, settings, [
    row(reference),
    row(direct),
    row(gateway),
    gatewayShareFigure(runs),
  ]);
}

/** F and the guest's server-rendered `GET /` (BENCH_ONLY=guest-html); guest-html-*.json. */
export function reportGuestHtml(/** @type {Record<string, Run>} */ runs, /** @type {Settings} */ settings) {
  const { reference, guestHtml } = runs;
  printFigures('guest-html', runs, settings, [
    [reference.label, `${reference.rps.toFixed(0)} req/s`, '1.000', '', ''],
    guestHtmlFigure(guestHtml, reference),
  ]);
}

/** The feed alone and while members like (BENCH_ONLY=while-liking); feed-while-liking-*.json. */
export function reportFeedWhileLiking(
  /** @type {Record<string, Run>} */ runs,
  /** @type {Settings} */ settings,
) {
  const { reference, gateway, feedWhileLiking } = runs;
  printFigures('feed-while-liking', runs, settings, [
    [reference.label, `${reference.rps.toFixed(0)} req/s`, '1.000', '', ''],
    ...[gateway, feedWhileLiking].map(
      (run) =>
        /** @type {[string, string, string, string, string]} */ ([
          run.label,
          `${run.rps.toFixed(0)} req/s, p50 ${ms(run.p50)}, p99 ${ms(run.p99)}`,
          (run.rps / reference.rps).toFixed(3),
          '',
          '',
        ]),
    ),
  ]);
}

/** The like path alone (BENCH_ONLY=like): F, the likes and their CPU; written as like-*.json. */
export function reportLikes(/** @type {Record<string, Run>} */ runs, /** @type {Settings} */ settings) {
  printFigures('like', runs, settings, [
    ['F: fastify hello-world (own process)', `${runs.reference.rps.toFixed(0)} req/s`, '1.000', '', ''],
    ...likeFigures(runs),
  ]);
}

/**
 * The CPU a like took, in ms: every measured process but the load generator together (the
 * reference or the stack, with Postgres, Redis, Kafka...), whichever of them spends it.
 * @param {Run} run
 */
function cpuPerRequest({ cpu, rps }) {
  const served = Object.entries(cpu)
    .filter(([name]) => name !== LOAD_GENERATOR && name !== MACHINE)
    .reduce((sum, [, share]) => sum + (share ?? 0), 0);
  return `${((served * 1000) / rps).toFixed(2)} ms of CPU a like`;
}

/** The like rows of the goals table. @param {Record<string, Run>} runs @returns {[string, string, string, string, string][]} */
function likeFigures({ reference, likeReference, like, likeAtRate }) {
  const ratio = like.rps / reference.rps;
  return [
    [
      likeReference.label,
      `${likeReference.rps.toFixed(0)} req/s, ${cpuPerRequest(likeReference)}`,
      (likeReference.rps / reference.rps).toFixed(3),
      '',
      '',
    ],
    [
      'like via gateway, signed in',
      `${like.rps.toFixed(0)} req/s, ${cpuPerRequest(like)}, ${(like.rps / likeReference.rps).toFixed(2)}× the like reference`,
      ratio.toFixed(3),
      `≥ ${GOALS.like} F`,
      verdict(ratio >= GOALS.like),
    ],
    [
      `like at 60% (${likeAtRate.rate} req/s): p50 / p99, median of ${likeAtRate.p99s?.length ?? 1} runs (${p99s(likeAtRate)} ms)`,
      `${ms(likeAtRate.p50)} / ${ms(likeAtRate.p99)}`,
      '',
      `p99 ≤ ${GOALS.likeP99Ms} ms`,
      verdict(likeAtRate.p99 <= GOALS.likeP99Ms),
    ],
  ];
}

/**
 * The table of figures, how they were measured, the CPU of each run, and the JSON.
 * @param {string} name @param {Record<string, Run>} runs @param {Settings} settings
 * @param {[string, string, string, string, string][]} figures
 */
function printFigures(name, runs, settings, figures) {
  const { seconds, warmupSeconds, connections, likeMembers, likesAMinute } = settings;
  printTable(['figure', 'measured', 'vs F', 'goal', 'verdict'], figures);
  console.log(
    `\n(${connections} connections, no pipelining, ${seconds}s per run after ${warmupSeconds}s of warm-up; the fixed-rate runs` +
      ` are autocannon's overallRate, latencies corrected for coordinated omission. Likes: ${likeMembers} members,` +
      ` each under the gateway's ${likesAMinute} likes a minute; each request likes or unlikes (alternating).` +
      ` The load generator, F and the stack share this machine's ${os.cpus().length} cores.)`,
  );
  printCpu(runs);
  writeJson(name, settings, {
    goals: GOALS,
    runs,
    figures: figures.map(([figure, measured, vsF, goal, met]) => ({
      figure,
      measured,
      vsF,
      goal,
      verdict: met,
    })),
  });
}
