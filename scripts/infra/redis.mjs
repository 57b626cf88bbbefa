// @ts-check
// Redis: a daemonized redis-server on 127.0.0.1:56379 with its files in .infra/redis. Nothing is
// persisted: Redis only holds what can be rebuilt (sessions, counters, caches; see ARCHITECTURE §3).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { HOST, REDIS } from './config.mjs';
import { InfraError, run, waitFor, which } from './exec.mjs';

const { port, dir } = REDIS;
const files = {
  conf: path.join(dir, 'redis.conf'),
  data: path.join(dir, 'data'),
  pid: path.join(dir, 'redis.pid'),
  log: path.join(dir, 'redis.log'),
};

export const redisPackages = [
  { name: 'redis-server', pkg: 'redis-server', present: () => Boolean(which('redis-server')) },
];

/** Sends one inline command over RESP and resolves to the first reply line (no redis-cli needed). */
function redisCommand(command, timeoutMs = 1000) {
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

/** True when something on 127.0.0.1:56379 answers PING with PONG. */
export async function redisReady() {
  try {
    return (await redisCommand('PING')) === '+PONG';
  } catch {
    return false;
  }
}

export async function startRedis(update = /** @type {(detail: string) => void} */ (() => {})) {
  if (await redisReady()) return `reused on ${HOST}:${port}`;
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
      'save ""', // no RDB snapshots
      'appendonly no', // no AOF either: everything in Redis can be rebuilt
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
  await waitFor(redisReady, { what: 'redis', timeoutMs: 15_000, intervalMs: 50, log: files.log });
  return `started on ${HOST}:${port}`;
}

export async function stopRedis() {
  if (!(await redisReady())) return 'was not running';
  const cli = which('redis-cli');
  if (cli) await run(cli, ['-h', HOST, '-p', String(port), 'shutdown', 'nosave'], { allowFail: true });
  else await redisCommand('SHUTDOWN NOSAVE').catch(() => {});
  const gone = async () => !(await redisReady());
  await waitFor(gone, { what: 'redis shutdown', timeoutMs: 15_000, log: files.log });
  return 'stopped';
}
