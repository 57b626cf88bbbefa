#!/usr/bin/env node
// `npm run bench`: throughput and latency of the feed, as ratios to a bare Fastify hello-world
// measured in the same run on the same machine (absolute numbers vary by machine; ratios travel).
// Starts its own stack (the `bench` profile, fresh, with demo data) and stops it afterwards.
// A benchmark, not a test: it asserts nothing. Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (10),
// BENCH_TRACING=1 (the stack traces every request and exports over OTLP to a sink in this process, to
// measure what tracing costs; docs/operations.md gives both figures).
import http from 'node:http';
import { connectionEnv, infraUp } from '../scripts/infra/lib.mjs';
import { createProgress } from '../scripts/infra/progress.mjs';
import { buildAll, ensureDependencies } from '../scripts/lib/install.mjs';
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { startStack } from '../scripts/stack/stack.mjs';

// Loaded after the dependencies are installed (a fresh clone has none yet).
let autocannon, Fastify, jwt;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 2;
const TRACING = process.env.BENCH_TRACING === '1';
const progress = createProgress();

function load(target, duration) {
  return autocannon({
    url: target.url,
    headers: target.headers,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
  });
}

async function measure(target) {
  return progress.step(target.name, async (update) => {
    update('warming up');
    await load(target, WARMUP_SECONDS);
    update(`${SECONDS}s at ${CONNECTIONS} connections`);
    const result = await load(target, SECONDS);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    target.result = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    return `${Math.round(target.result.rps)} req/s`;
  });
}

/** The identity header the gateway would send for a guest (the posts service requires one). */
function guestIdentity(secret) {
  const token = jwt.sign({}, secret, {
    algorithm: 'HS256',
    audience: 'daybreak-services',
    issuer: 'daybreak-gateway',
    expiresIn: 600,
  });
  return { 'x-daybreak-identity': token };
}

function report(targets) {
  const [reference] = targets;
  const rows = targets.map((t) => [
    t.name,
    t.result.rps.toFixed(0),
    `${t.result.p50} ms`,
    `${t.result.p99} ms`,
    t === reference ? '1.00 (reference)' : (t.result.rps / reference.result.rps).toFixed(3),
  ]);
  const header = ['target', 'req/s', 'p50', 'p99', 'req/s vs reference'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
  const [, direct, gateway] = targets;
  console.log(
    `\ngateway overhead: gateway/direct = ${(gateway.result.rps / direct.result.rps).toFixed(3)} of the throughput, p50 +${(gateway.result.p50 - direct.result.p50).toFixed(1)} ms`,
  );
  console.log(
    `(${CONNECTIONS} connections, no pipelining, ${SECONDS}s each after ${WARMUP_SECONDS}s warm-up; load generator and servers share this machine's cores)`,
  );
  console.log(`tracing: ${TRACING ? 'on (OTLP export of every span)' : 'off'}`);
}

/**
 * An OTLP/HTTP endpoint that accepts and drops every export: the processes do all the work of
 * tracing (spans, batching, encoding, sending) without a backend to install. Resolves to its URL.
 */
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

async function main() {
  await ensureDependencies(progress);
  [{ default: autocannon }, { default: Fastify }, { default: jwt }] = await Promise.all([
    import('autocannon'),
    import('fastify'),
    import('jsonwebtoken'),
  ]);
  await infraUp({ quiet: false });
  await buildAll(progress);
  // The stack's processes inherit this environment (scripts/stack/processes.mjs).
  if (TRACING) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = await otlpSink();
  const stack = await startStack({ profile: 'bench', infraEnv: connectionEnv(), progress, fresh: true });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  try {
    await seedDemoData(stack, progress);
    const helloUrl = await hello.listen({ host: '127.0.0.1', port: 0 });
    const postsUrl = stack.profile.gateway.env.POSTS_URL;
    const targets = [
      { name: 'fastify hello-world', url: `${helloUrl}/` },
      {
        name: 'posts service GET /posts?limit=10',
        url: `${postsUrl}/posts?limit=10&offset=0`,
        headers: guestIdentity(stack.profile.env.SERVICE_TOKEN_SECRET),
      },
      { name: 'gateway GET /api/posts?limit=10', url: `${stack.url}/api/posts?limit=10&offset=0` },
    ];
    for (const target of targets) await measure(target);
    report(targets);
  } finally {
    await hello.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(`\n✖ bench failed: ${error.message}`);
  process.exit(1);
});
