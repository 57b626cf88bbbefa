// @ts-check
// Redis: a daemonized redis-server on 127.0.0.1:56379 with its files in .infra/redis (and the fault
// tests' disposable one, config.mjs OUTAGE_REDIS). Sessions live there, so it keeps an append-only
// file (fsync every second): members stay signed in across a Redis restart. Counters and caches in it
// can be rebuilt (ARCHITECTURE §3); sessions cannot, short of signing everyone in again.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { HOST, REDIS } from './config.mjs';
import { InfraError, run, waitFor, which } from './exec.mjs';

/** @typedef {{ port: number, dir: string }} RedisInstance */

/** @param {RedisInstance} instance */
const filesOf = ({ dir }) => ({
  conf: path.join(dir, 'redis.conf'),
  data: path.join(dir, 'data'),
  pid: path.join(dir, 'redis.pid'),
  log: path.join(dir, 'redis.log'),
});

export const redisPackages = [
  { name: 'redis-server', pkg: 'redis-server', present: () => Boolean(which('redis-server')) },
];

/** Sends one inline command over RESP and resolves to the first reply line (no redis-cli needed). */
function redisCommand(command, { port } = REDIS, timeoutMs = 1000) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: HOST, port });
    let reply = '';
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.split('\r\n')[0]);
      }
    });
    socket.once('error', reject);
    socket.once('close', () => resolve(reply.split('\r\n')[0]));
  });
}

/** True when something on the instance's port (127.0.0.1:56379) answers PING with PONG. */
export async function redisReady(instance = REDIS) {
  try {
    return (await redisCommand('PING', instance)) === '+PONG';
  } catch {
    return false;
  }
}

export async function startRedis(
  update = /** @type {(detail: string) => void} */ (() => {}),
  instance = REDIS,
) {
  const { port } = instance;
  const files = filesOf(instance);
  if (await redisReady(instance)) return `reused on ${HOST}:${port}`;
  const server = which('redis-server');
  if (!server) throw new InfraError('redis-server not found');
  fs.mkdirSync(files.data, { recursive: true });
  // Double-quoted values: redis.conf's string syntax, safe for paths with spaces.
  const q = JSON.stringify;
  fs.writeFileSync(
    files.conf,
    [
      '# Written by scripts/infra/redis.mjs on every start; edit that file, not this one.',
      `bind ${HOST}`,
      `port ${port}`,
      'daemonize yes',
      `dir ${q(files.data)}`,
      `pidfile ${q(files.pid)}`,
      `logfile ${q(files.log)}`,
      'loglevel warning',
      'save ""', // no RDB snapshots: the append-only file is the one copy on disk
      'appendonly yes', // sessions survive a restart (docs/operations.md, "Redis")
      'appendfsync everysec', // at most a second of writes lost in a crash, at no cost per write
      'appenddirname "appendonly"',
      'protected-mode yes',
      '',
    ].join('\n'),
  );
  update('redis-server');
  try {
    await run(server, [files.conf]); // returns once the daemon has forked
  } catch (err) {
    throw new InfraError(`redis-server did not start: ${err.message}`, { log: files.log });
  }
  const ready = () => redisReady(instance);
  await waitFor(ready, { what: 'redis', timeoutMs: 15_000, intervalMs: 50, log: files.log });
  return `started on ${HOST}:${port}`;
}

/** Shuts Redis down (the append-only file is flushed first) and waits until it is gone. */
export async function stopRedis(instance = REDIS) {
  const { port } = instance;
  const files = filesOf(instance);
  if (!(await redisReady(instance))) return 'was not running';
  const cli = which('redis-cli');
  if (cli) await run(cli, ['-h', HOST, '-p', String(port), 'shutdown', 'nosave'], { allowFail: true });
  else await redisCommand('SHUTDOWN NOSAVE', instance).catch(() => {});
  const gone = async () => !(await redisReady(instance));
  await waitFor(gone, { what: 'redis shutdown', timeoutMs: 15_000, log: files.log });
  return 'stopped';
}
