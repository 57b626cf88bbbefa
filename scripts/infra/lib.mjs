// @ts-check
// Public API of the local infrastructure, used by infra.mjs (the CLI) and by test harnesses:
//   const infra = await import('<repo>/scripts/infra/lib.mjs');
//   Object.assign(process.env, await infra.infraUp({ quiet: true }));
import fs from 'node:fs';
import path from 'node:path';
import { ensurePackages } from './apt.mjs';
import { installChromium } from './chromium.mjs';
import {
  HOST,
  INFRA_DIR,
  KAFKA,
  OUTAGE_KAFKA,
  SASL_KAFKA,
  OUTAGE_POSTGRES,
  OUTAGE_REDIS,
  POSTGRES,
  REDIS,
  connectionEnv,
  rel,
} from './config.mjs';
import { composeDown, composeUp, useDocker } from './docker.mjs';
import { isAlive, isPortOpen, readPid, sleep } from './exec.mjs';
import * as kafka from './kafka.mjs';
import * as postgres from './postgres.mjs';
import { createProgress } from './progress.mjs';
import * as redis from './redis.mjs';
import { ensureTopics } from './topics.mjs';

// ensureTopics also serves libs/testing's containers: the same topics on a broker it started.
export { connectionEnv, ensureTopics };

// One `up`/`down` at a time per checkout: parallel test runners or `npm start` next to `npm test` must
// not both run initdb or start two brokers. The lock is a folder (mkdir is atomic) holding our pid;
// a lock whose owner died is taken over. Re-entrant within one process.
const LOCK = path.join(INFRA_DIR, '.lock');
let lockDepth = 0;

async function withLock(fn, progress) {
  if (lockDepth > 0) return runLocked(fn);
  fs.mkdirSync(INFRA_DIR, { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  let told = false;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), `${process.pid}\n`);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = readPid(path.join(LOCK, 'pid'));
      if (owner === null || !isAlive(owner)) {
        // Owner gone (or still writing its pid: give it a moment before judging).
        if (owner === null) await sleep(200);
        if (readPid(path.join(LOCK, 'pid')) === owner) fs.rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another infra command (pid ${owner}) holds ${LOCK}`);
      if (!told) progress?.info(`waiting for another infra command (pid ${owner}) to finish…`);
      told = true;
      await sleep(250);
    }
  }
  try {
    return await runLocked(fn);
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

async function runLocked(fn) {
  lockDepth++;
  try {
    return await fn();
  } finally {
    lockDepth--;
  }
}

/** Runs steps concurrently, lets every one finish, then throws the first failure. */
async function settleAll(promises) {
  const results = await Promise.allSettled(promises);
  const failures = results.filter((r) => r.status === 'rejected').map((r) => r.reason);
  if (failures.length) {
    const [first, ...rest] = failures;
    const summary = (e) => `${e.step ?? '?'}: ${e.message.split('\n')[0]}`;
    if (rest.length) first.message += `\n(also failed: ${rest.map(summary).join('; ')})`;
    throw first;
  }
  return results.map((r) => /** @type {PromiseFulfilledResult<any>} */ (r).value);
}

/** A progress step that installs the missing Debian packages of `wants`. */
const installPackages = (wants) => async (update) => {
  const installed = await ensurePackages(wants, update);
  return installed.length ? `installed ${installed.join(' ')}` : 'present';
};

/**
 * Starts Postgres, Redis and Kafka (reusing whatever already answers), creates the databases and the
 * topics. Idempotent. Resolves to the connection env (see connectionEnv()).
 * @param {{ quiet?: boolean }} [options] quiet: print nothing (errors are still thrown)
 * @returns {Promise<Record<string, string>>}
 */
export async function infraUp({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await withLock(async () => {
    if (await useDocker()) {
      progress.info('Docker engine found: infra from docker-compose.yml');
      const checks = [postgres.postgresReady(), redis.redisReady(), kafka.kafkaReady()];
      const allUp = (await Promise.all(checks)).every(Boolean);
      if (!allUp) await progress.step('docker compose', composeUp);
      await progress.step('topics', ensureTopics);
      return;
    }
    const wants = [...postgres.postgresPackages, ...redis.redisPackages, ...kafka.kafkaPackages];
    await progress.step('packages', installPackages(wants));
    // Independent services start in parallel: the JVM start dominates, the others hide behind it.
    await settleAll([
      progress.step('postgres', postgres.startPostgres),
      progress.step('redis', redis.startRedis),
      progress.step('kafka', kafka.startKafka).then(() => progress.step('topics', ensureTopics)),
    ]);
  }, progress);
  progress.total('infra up');
  return connectionEnv();
}

/**
 * Stops what `up` started; data is kept unless `wipe` (then .infra/{postgres,redis,kafka}/data go).
 * @param {{ quiet?: boolean, wipe?: boolean }} [options]
 */
export async function infraDown({ quiet = false, wipe = false } = {}) {
  const progress = createProgress({ quiet });
  await withLock(async () => {
    if (await useDocker()) {
      await progress.step('docker compose', () => composeDown({ wipe }));
      return;
    }
    await settleAll([
      progress.step('kafka', () => kafka.stopKafka()),
      progress.step('redis', () => redis.stopRedis()),
      progress.step('postgres', postgres.stopPostgres),
    ]);
    if (wipe) {
      await progress.step('wipe', async () => {
        const dirs = [path.join(KAFKA.dir, 'data'), path.join(REDIS.dir, 'data'), postgres.pgPaths().data];
        for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
        return 'data folders deleted';
      });
    }
  }, progress);
  progress.total('infra down');
}

/**
 * @returns {Promise<{ postgres: Status, redis: Status, kafka: Status }>}
 * @typedef {{ running: boolean, state: 'running' | 'stopped' | 'port open, not answering', host: string, port: number }} Status
 */
export async function infraStatus() {
  /** @returns {Promise<Status>} */
  const check = async (ready, port) => {
    const running = await ready();
    const portOpen = !running && (await isPortOpen(port, HOST));
    /** @type {Status['state']} */
    const state = running ? 'running' : portOpen ? 'port open, not answering' : 'stopped';
    return { running, state, host: HOST, port };
  };
  const [pg, rd, kf] = await Promise.all([
    check(postgres.postgresReady, POSTGRES.port),
    check(redis.redisReady, REDIS.port),
    check(kafka.kafkaReady, KAFKA.port),
  ]);
  return { postgres: pg, redis: rd, kafka: kf };
}

/**
 * Makes sure Debian's chromium is installed (not part of `up`). Resolves to the binary's path.
 * @param {{ quiet?: boolean }} [options]
 */
export async function ensureChromium({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await withLock(() => progress.step('chromium', installChromium), progress);
  return '/usr/bin/chromium';
}

/**
 * Starts a fresh disposable server of the fault tests, under the infra lock: its packages, then the
 * one an earlier run of this checkout left is removed (`remove`), its ports must be free (another
 * checkout's server would vanish under its test, or ours under ours: refused rather than shared),
 * `start` runs as the step `name`, and `then` (e.g. topics) after it. Resolves to `address`.
 * @template T
 * @param {{ quiet?: boolean, name: string, packages: Parameters<typeof installPackages>[0],
 *   remove: () => Promise<string>, ports: number[], start: (update: (text: string) => void) => Promise<unknown>,
 *   then?: (progress: ReturnType<typeof createProgress>) => Promise<unknown>, address: T }} options
 * @returns {Promise<T>}
 */
async function startFreshOutage({ quiet = false, name, packages, remove, ports, start, then, address }) {
  const progress = createProgress({ quiet });
  await withLock(async () => {
    await progress.step('packages', installPackages(packages));
    await remove();
    for (const port of ports) {
      if (await isPortOpen(port, HOST))
        throw new Error(`port ${port} (${name}) is used by another process, e.g. another checkout's test`);
    }
    await progress.step(name, start);
    await then?.(progress);
  }, progress);
  return address;
}

// The outage broker (config.mjs OUTAGE_KAFKA): a disposable single-node KRaft broker for the tests
// that take Kafka down, so they never stop the broker on 9092 that `npm start` and the other tests use.
// It always runs natively from the jars (also on a machine with Docker); its data survive a stop and a
// restart, so a test can stop it mid-test and see the outbox deliver once it is back.

/**
 * Starts a freshly formatted outage broker with the project's topics and resolves to its bootstrap
 * address (for KAFKA_BROKERS). A broker left by an earlier run of this checkout is removed first.
 * @param {{ quiet?: boolean, timeoutMs?: number }} [options]
 * @returns {Promise<string>} e.g. '127.0.0.1:19092'
 */
export async function startOutageBroker({ quiet = false, timeoutMs = 90_000 } = {}) {
  const brokers = kafka.brokersOf(OUTAGE_KAFKA);
  return startFreshOutage({
    quiet,
    name: 'outage kafka',
    packages: kafka.kafkaPackages,
    remove: removeOutageData,
    ports: [OUTAGE_KAFKA.port, OUTAGE_KAFKA.controllerPort],
    start: (update) => kafka.startKafka(update, { timeoutMs, instance: OUTAGE_KAFKA }),
    then: (progress) => progress.step('topics', (update) => ensureTopics(update, { brokers: [brokers] })),
    address: brokers,
  });
}

/**
 * Stops the outage broker (clean shutdown, SIGKILL after graceMs) and keeps its data.
 * @param {{ quiet?: boolean, graceMs?: number }} [options]
 */
export async function stopOutageBroker({ quiet = false, graceMs = 30_000 } = {}) {
  const progress = createProgress({ quiet });
  await withLock(
    () => progress.step('outage kafka', () => kafka.stopKafka({ graceMs, instance: OUTAGE_KAFKA })),
    progress,
  );
}

/**
 * Starts the stopped outage broker again on its existing data; resolves once it serves its partitions.
 * @param {{ quiet?: boolean, timeoutMs?: number }} [options]
 */
export async function restartOutageBroker({ quiet = false, timeoutMs = 90_000 } = {}) {
  const progress = createProgress({ quiet });
  await withLock(
    () =>
      progress.step('outage kafka', (update) =>
        kafka.startKafka(update, { timeoutMs, instance: OUTAGE_KAFKA }),
      ),
    progress,
  );
}

/**
 * Stops the outage broker and deletes its folder. Safe to call when it never started.
 * @param {{ quiet?: boolean }} [options]
 */
export async function removeOutageBroker({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await withLock(() => progress.step('outage kafka', removeOutageData), progress);
}

async function removeOutageData() {
  const how = await kafka.stopKafka({ graceMs: 10_000, instance: OUTAGE_KAFKA });
  fs.rmSync(OUTAGE_KAFKA.dir, { recursive: true, force: true });
  return `${how}, ${rel(OUTAGE_KAFKA.dir)} removed`;
}

// The SASL broker (config.mjs SASL_KAFKA): a disposable broker whose second listener authenticates
// clients with SASL/SCRAM-SHA-512, as production's and docker compose's brokers do.

/**
 * Starts a freshly formatted SASL broker with the project's topics and one SCRAM user, and resolves
 * to the bootstrap address of its SASL listener. One left by an earlier run is removed first.
 * @param {{ username: string, password: string, quiet?: boolean, timeoutMs?: number }} options
 * @returns {Promise<string>} e.g. '127.0.0.1:29094'
 */
export async function startSaslBroker({ username, password, quiet = false, timeoutMs = 90_000 }) {
  return startFreshOutage({
    quiet,
    name: 'sasl kafka',
    packages: kafka.kafkaPackages,
    remove: removeSaslData,
    ports: [SASL_KAFKA.port, SASL_KAFKA.controllerPort, SASL_KAFKA.saslPort],
    start: (update) => kafka.startKafka(update, { timeoutMs, instance: SASL_KAFKA }),
    then: async (progress) => {
      await progress.step('topics', (update) =>
        ensureTopics(update, { brokers: [kafka.brokersOf(SASL_KAFKA)] }),
      );
      await progress.step('scram user', () => kafka.addScramUser(SASL_KAFKA, { username, password }));
    },
    address: `${HOST}:${SASL_KAFKA.saslPort}`,
  });
}

/**
 * Stops the SASL broker and deletes its folder. Safe to call when it never started.
 * @param {{ quiet?: boolean }} [options]
 */
export async function removeSaslBroker({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await withLock(() => progress.step('sasl kafka', removeSaslData), progress);
}

async function removeSaslData() {
  const how = await kafka.stopKafka({ graceMs: 10_000, instance: SASL_KAFKA });
  fs.rmSync(SASL_KAFKA.dir, { recursive: true, force: true });
  return `${how}, ${rel(SASL_KAFKA.dir)} removed`;
}

// The outage Redis (config.mjs OUTAGE_REDIS): a disposable redis-server for the tests that take Redis
// down, so they never stop the one on 56379. Its append-only file survives a stop and a restart, as
// the shared one's does, so a test can check that sessions outlive a Redis restart.

/**
 * Starts an empty outage Redis (one left by an earlier run is removed first); resolves to its URL.
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<string>} e.g. 'redis://127.0.0.1:16379'
 */
export async function startOutageRedis({ quiet = false } = {}) {
  return startFreshOutage({
    quiet,
    name: 'outage redis',
    packages: redis.redisPackages,
    remove: removeOutageRedisData,
    ports: [OUTAGE_REDIS.port],
    start: (update) => redis.startRedis(update, OUTAGE_REDIS),
    address: `redis://${HOST}:${OUTAGE_REDIS.port}`,
  });
}

/**
 * Shuts the outage Redis down ("Redis is down"), keeping its append-only file.
 * @param {{ quiet?: boolean }} [options]
 */
export async function stopOutageRedis({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await progress.step('outage redis', () => redis.stopRedis(OUTAGE_REDIS));
}

/**
 * Starts the stopped outage Redis again on its append-only file.
 * @param {{ quiet?: boolean }} [options]
 */
export async function restartOutageRedis({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await progress.step('outage redis', (update) => redis.startRedis(update, OUTAGE_REDIS));
}

/**
 * Stops the outage Redis and deletes its folder. Safe to call when it never started.
 * @param {{ quiet?: boolean }} [options]
 */
export async function removeOutageRedis({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await progress.step('outage redis', removeOutageRedisData);
}

async function removeOutageRedisData() {
  const how = await redis.stopRedis(OUTAGE_REDIS);
  fs.rmSync(OUTAGE_REDIS.dir, { recursive: true, force: true });
  return `${how}, ${rel(OUTAGE_REDIS.dir)} removed`;
}

// The outage Postgres (config.mjs OUTAGE_POSTGRES): a disposable cluster for the test that freezes
// Postgres, so it never stops the one on 55432. initdb'ed fresh at each start (about a second).

/**
 * Starts a fresh outage Postgres (one left by an earlier run is removed first); resolves to its
 * superuser's URL (for DATABASE_URL: a stack makes its own database and service roles with it).
 * @param {{ quiet?: boolean }} [options]
 * @returns {Promise<string>} e.g. 'postgres://daybreak:daybreak@127.0.0.1:15432/daybreak'
 */
export async function startOutagePostgres({ quiet = false } = {}) {
  const { user, password, port } = OUTAGE_POSTGRES;
  return startFreshOutage({
    quiet,
    name: 'outage postgres',
    packages: postgres.postgresPackages,
    remove: removeOutagePostgresData,
    ports: [port],
    start: (update) => postgres.startPostgres(update, OUTAGE_POSTGRES),
    address: `postgres://${user}:${password}@${HOST}:${port}/daybreak`,
  });
}

/**
 * Freezes every process of the outage Postgres (SIGSTOP): "Postgres hangs", connections stay open.
 * @param {{ quiet?: boolean }} [options]
 */
export async function freezeOutagePostgres({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await progress.step('outage postgres', async () => {
    return `${postgres.signalPostgres(OUTAGE_POSTGRES, 'SIGSTOP')} processes stopped`;
  });
}

/**
 * Wakes the frozen outage Postgres (SIGCONT): it carries on where it stopped.
 * @param {{ quiet?: boolean }} [options]
 */
export async function thawOutagePostgres({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await progress.step('outage postgres', async () => {
    return `${postgres.signalPostgres(OUTAGE_POSTGRES, 'SIGCONT')} processes continued`;
  });
}

/**
 * Stops the outage Postgres (woken first, should it be frozen) and deletes its folder. Safe to call
 * when it never started.
 * @param {{ quiet?: boolean }} [options]
 */
export async function removeOutagePostgres({ quiet = false } = {}) {
  const progress = createProgress({ quiet });
  await withLock(() => progress.step('outage postgres', removeOutagePostgresData), progress);
}

async function removeOutagePostgresData() {
  const { data, base } = postgres.pgPaths(OUTAGE_POSTGRES);
  // A stopped postmaster would never act on pg_ctl's shutdown signal.
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      postgres.signalPostgres(OUTAGE_POSTGRES, 'SIGCONT');
    } catch {
      // its processes are gone: pg_ctl says so below
    }
  }
  const how = await postgres.stopPostgres(OUTAGE_POSTGRES);
  fs.rmSync(base, { recursive: true, force: true });
  return `${how}, ${rel(base)} removed`;
}
