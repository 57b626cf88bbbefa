// @ts-check
// `BENCH_TRACING=1 npm run bench`: what tracing costs the feed, with tracing off, on as production
// samples it (10 %) and on for every request.
//
// The three settings run side by side: each has its own posts process and its own gateway (in front
// of that posts), started from the bench stack's own specs with the setting's environment and ports
// of their own. The bench then takes short turns at the highest rate (3 s each,
// BENCH_TRACING_ROUND_SECONDS; BENCH_TRACING_ROUNDS rounds, 30), straight to posts and through the
// gateway, and compares each setting with "off" round by round. Comparing side by side is what makes
// the figure hold on a shared machine: this one's speed drifts by a third over minutes (CPU steal),
// which swamped the earlier design (restart, then 10 s of each setting in turn; docs/operations.md
// has both).
//
// Each round takes the settings in another of their six orders, so that over six rounds every
// setting takes every place in the round, and follows every other setting (never itself), as often
// as the others. Both matter here. Where a setting runs: a process idle for more than 10 s had lost
// its pooled database connections (pg's default idle timeout, since raised: libs/database) and paid
// to open them again; with the order reversed every other round, as before, three identical untraced
// setups came out 6 % above the round's mean in the first place and 5 % below in the last. What it
// follows: a traced setting goes on exporting its last spans after its turn, into the next one's.
import http from 'node:http';
import { startProcess } from '../scripts/stack/processes.mjs';
import { cpuMeter } from './cpu.mjs';
import { printTable, writeJson } from './feed-report.mjs';

/**
 * The six orders of the three settings, one a round (see above), in a sequence where no setting
 * follows itself and each follows each other one as often, across the rounds' seams as well.
 */
const ORDERS = [
  [0, 1, 2],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
];
/** Whole cycles of the six orders, so that no setting is favoured. */
const ROUNDS = Math.ceil(Number(process.env.BENCH_TRACING_ROUNDS ?? 30) / ORDERS.length) * ORDERS.length;
const ROUND_SECONDS = Number(process.env.BENCH_TRACING_ROUND_SECONDS ?? 3);
const WARMUP_SECONDS = 3;
/** Ports of the settings' own processes: posts 23101…, gateways 28101… (the bench stack's are 23001… and 28080). */
const POSTS_PORT = 23101;
const GATEWAY_PORT = 28101;
const FEED_PAGE = '?limit=10&offset=0';

/** An OTLP/HTTP endpoint that accepts and drops every export. Resolves to its URL. */
async function otlpSink() {
  const sink = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', () => resolve(undefined)));
  sink.unref();
  const address = sink.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/**
 * The settings compared: off, production's default (10 % of traces kept, decided at the gateway:
 * libs/observability's tracingEnvDefaults) and every request traced.
 * @param {string} sink
 */
function tracingModes(sink) {
  const otlp = { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: sink };
  return [
    { name: 'off', label: 'tracing off', env: { OTEL_TRACES_EXPORTER: 'none' } },
    {
      name: 'sampled',
      label: 'on, 10 % sampled (production)',
      env: { ...otlp, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
    },
    { name: 'every', label: 'on, every request', env: { ...otlp, OTEL_TRACES_SAMPLER: 'always_on' } },
  ];
}

/** The value below which a share `q` of `values` lies (nearest rank). */
const quantile = (/** @type {number[]} */ values, /** @type {number} */ q) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * values.length)] ?? NaN;
const median = (/** @type {number[]} */ values) => quantile(values, 0.5);
const change = (/** @type {number} */ ratio) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;

/**
 * Starts each setting's posts and gateway, takes the turns, prints the table and writes
 * .infra/bench/tracing-latest.json.
 * @param {{
 *   stack: Awaited<ReturnType<typeof import('./bench-stack.mjs').startBenchStack>>,
 *   progress: ReturnType<typeof import('../scripts/infra/progress.mjs').createProgress>,
 *   autocannon: any,
 *   connections: number,
 *   cookie: string,
 *   identityHeaders: () => Record<string, string>,
 * }} options
 */
export async function compareTracing({ stack, progress, autocannon, connections, cookie, identityHeaders }) {
  const modes = tracingModes(await otlpSink());
  const postsSpec = stack.profile.services.find((service) => service.name === 'posts');
  if (!postsSpec) throw new Error('the bench stack has no posts service');
  /** @type {{ stop(): Promise<void>, child: import('node:child_process').ChildProcess }[]} */
  const started = [];
  try {
    const settings = [];
    for (const [index, mode] of modes.entries()) {
      const postsPort = POSTS_PORT + index;
      const gatewayPort = GATEWAY_PORT + index;
      const postsUrl = `http://127.0.0.1:${postsPort}`;
      const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      const [posts, gateway] = await progress.run(`${mode.label}: its posts and gateway`, async () => {
        const posts = await startProcess(
          {
            ...postsSpec,
            name: `posts-tracing-${mode.name}`,
            env: { ...postsSpec.env, ...mode.env, PORT: String(postsPort) },
            readyUrl: `${postsUrl}/health/ready`,
          },
          { profile: 'bench' },
        );
        started.push(posts);
        const gateway = await startProcess(
          {
            ...stack.profile.gateway,
            name: `gateway-tracing-${mode.name}`,
            env: {
              ...stack.profile.gateway.env,
              ...mode.env,
              PORT: String(gatewayPort),
              POSTS_URL: postsUrl,
            },
            readyUrl: `${gatewayUrl}/health/ready`,
          },
          { profile: 'bench' },
        );
        started.push(gateway);
        return { result: [posts, gateway], summary: `posts on :${postsPort}, gateway on :${gatewayPort}` };
      });
      settings.push({
        ...mode,
        pids: { posts: [Number(posts.child.pid)], gateway: [Number(gateway.child.pid)] },
        targets: {
          direct: { url: `${postsUrl}/posts${FEED_PAGE}`, headers: identityHeaders },
          gateway: { url: `${gatewayUrl}/api/posts${FEED_PAGE}`, headers: () => ({ cookie }) },
        },
      });
    }
    const kinds = /** @type {const} */ (['direct', 'gateway']);

    /** One turn at the highest rate; fails on any non-2xx answer. */
    const turn = async (
      /** @type {(typeof settings)[number]} */ setting,
      /** @type {'direct' | 'gateway'} */ kind,
      seconds = ROUND_SECONDS,
    ) => {
      const target = setting.targets[kind];
      const meter = cpuMeter(setting.pids);
      const result = await autocannon({
        url: target.url,
        headers: target.headers(),
        connections,
        duration: seconds,
      });
      const cpu = meter.stop();
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      const rps = result.requests.average;
      // CPU time a request of the processes on its path (the gateway's counts only through it).
      const cores = (cpu.posts ?? 0) + (kind === 'gateway' ? (cpu.gateway ?? 0) : 0);
      return { rps, p99: result.latency.p99, cpuMs: (cores * 1000) / rps };
    };

    await progress.step('warming up each setting', async () => {
      for (const setting of settings) for (const kind of kinds) await turn(setting, kind, WARMUP_SECONDS);
      return `${WARMUP_SECONDS}s of each`;
    });
    /** @type {Record<string, Record<string, { rps: number, p99: number, cpuMs: number }[]>>} */
    const turns = Object.fromEntries(settings.map((s) => [s.name, { direct: [], gateway: [] }]));
    await progress.step(`${ROUNDS} rounds`, async (update) => {
      for (let round = 0; round < ROUNDS; round++) {
        const order = ORDERS[round % ORDERS.length].map((index) => settings[index]);
        for (const kind of kinds)
          for (const setting of order) turns[setting.name][kind].push(await turn(setting, kind));
        update(`${round + 1}/${ROUNDS}`);
      }
      return `${ROUNDS} × ${ROUND_SECONDS}s of each setting, straight to posts and through the gateway`;
    });

    // Each setting against "off" in the same round, then the median of those ratios (and, for the
    // throughput, the middle half of them: how far one round's figure can be trusted).
    const ratiosToOff = (
      /** @type {string} */ mode,
      /** @type {'direct' | 'gateway'} */ kind,
      /** @type {'rps' | 'cpuMs'} */ figure,
    ) => turns[mode][kind].map((t, round) => t[figure] / turns.off[kind][round][figure]);
    const middleHalf = (/** @type {number[]} */ ratios) =>
      `${change(quantile(ratios, 0.25))}…${change(quantile(ratios, 0.75))}`;
    const rows = kinds.map((kind) => [
      kind === 'direct' ? 'feed on posts directly' : 'feed via gateway, signed in',
      ...settings.map(({ name }) => {
        const rps = median(turns[name][kind].map((t) => t.rps));
        const cpuMs = median(turns[name][kind].map((t) => t.cpuMs));
        if (name === 'off') return `${rps.toFixed(0)} req/s; ${cpuMs.toFixed(2)} ms CPU`;
        const rpsRatios = ratiosToOff(name, kind, 'rps');
        return `${rps.toFixed(0)} req/s ${change(median(rpsRatios))} (${middleHalf(rpsRatios)}); ${cpuMs.toFixed(2)} ms CPU ${change(median(ratiosToOff(name, kind, 'cpuMs')))}`;
      }),
      settings.map(({ name }) => median(turns[name][kind].map((t) => t.p99))).join(' / ') + ' ms',
    ]);
    printTable(
      ['median of the rounds; vs off in the same round', ...settings.map((s) => s.label), 'p99 by setting'],
      rows,
    );
    console.log(
      `\n(${ROUNDS} rounds of ${ROUND_SECONDS}s at the highest rate, ${connections} connections, the settings side by side and taking turns;` +
        ` "vs off": the median over rounds of the setting's figure over off's in the same round, and in brackets the middle half of those rounds; CPU a request: posts', plus the gateway's through it; goal: within 10 % of off)`,
    );
    const verdicts = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        Object.fromEntries(
          settings.map(({ name }) => [
            name,
            {
              rps: median(ratiosToOff(name, kind, 'rps')),
              cpuMs: median(ratiosToOff(name, kind, 'cpuMs')),
            },
          ]),
        ),
      ]),
    );
    writeJson(
      'tracing',
      { connections, rounds: ROUNDS, roundSeconds: ROUND_SECONDS },
      { vsOff: verdicts, turns },
    );
  } finally {
    await Promise.all(started.reverse().map((process) => process.stop()));
  }
}
