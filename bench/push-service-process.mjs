// @ts-check
// A web push service in a process of its own, for the push figures of `npm run bench:notifications`:
// it answers 201 `delayMs` after a request's end (as a real one answers after its round trip), and
// notes when each push arrived, by group: an endpoint `<origin>/push/<group>/<n>` is in `<group>`.
// Its own process, so that what it spends (HTTP parsing, timers) is not the load generator's, and
// its CPU is measured apart. The parent asks for arrivals over IPC.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
const epochMs = () => performance.timeOrigin + performance.now();

/** Runs the service (in the child): listens, tells the parent its origin, answers its questions. */
async function serve(/** @type {number} */ delayMs) {
  /** @type {Map<string, number[]>} */
  const arrivals = new Map();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const group = (request.url ?? '').split('/')[2] ?? '';
      const times = arrivals.get(group) ?? [];
      times.push(epochMs());
      arrivals.set(group, times);
      setTimeout(() => response.writeHead(201).end(), delayMs);
    });
  });
  // Many keep-alive connections from each worker: the default backlog and timeouts are fine.
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ origin: `http://127.0.0.1:${port}` });
  process.on('message', (/** @type {{ id: number, group: string, times?: boolean }} */ ask) => {
    const times = arrivals.get(ask.group) ?? [];
    process.send?.({ id: ask.id, count: times.length, times: ask.times ? times : undefined });
  });
  process.on('disconnect', () => server.close(() => process.exit(0)));
}

/**
 * Starts the service in a child process; resolves once it listens.
 * @param {number} delayMs
 */
export async function startPushServiceProcess(delayMs) {
  const child = fork(new URL(import.meta.url), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_PUSH_SERVICE_DELAY_MS: String(delayMs) },
  });
  const origin = await new Promise((resolve, reject) => {
    child.once('message', (/** @type {{ origin: string }} */ message) => resolve(message.origin));
    child.once('exit', (code) => reject(new Error(`the fake push service exited (${code})`)));
  });
  let asked = 0;
  /** @type {Map<number, (answer: { count: number, times?: number[] }) => void>} */
  const answers = new Map();
  child.on('message', (/** @type {{ id: number, count: number, times?: number[] }} */ answer) => {
    answers.get(answer.id)?.(answer);
    answers.delete(answer.id);
  });
  /** @param {string} group @param {boolean} times @returns {Promise<{ count: number, times?: number[] }>} */
  const ask = (group, times) =>
    new Promise((resolve) => {
      const id = ++asked;
      answers.set(id, resolve);
      child.send({ id, group, times });
    });
  return {
    origin: String(origin),
    pid: /** @type {number} */ (child.pid),
    delayMs,
    /** The endpoint of device `n` of a group. @param {string} group @param {number} n */
    endpoint: (group, n) => `${origin}/push/${group}/${n}`,
    /** Pushes that arrived for the group so far. @param {string} group */
    count: async (group) => (await ask(group, false)).count,
    /** When each of the group's pushes arrived (epochMs), in order. @param {string} group */
    arrivals: async (group) => /** @type {number[]} */ ((await ask(group, true)).times),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', resolve);
        child.disconnect();
      }),
  };
}

if (process.env.BENCH_PUSH_SERVICE_DELAY_MS) await serve(Number(process.env.BENCH_PUSH_SERVICE_DELAY_MS));
