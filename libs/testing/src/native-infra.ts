import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './repo-root';

/**
 * Runs a function of scripts/infra/lib.mjs in a child Node process. The infra scripts are ES modules
 * and jest runs tests as CommonJS, so a child process is the simple, reliable bridge.
 */
export function runInfra(call: string, timeoutMs = 3 * 60_000): string {
  const lib = path.join(repoRoot(), 'scripts/infra/lib.mjs');
  // Exit explicitly once the call settles: a handle left open in the child (a client connection, the
  // broker it spawned) must not keep it, and so this test, waiting.
  const script = `const m = await import(${JSON.stringify(lib)});
    try { ${call} process.exit(0); } catch (error) { console.error(error); process.exit(1); }`;
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: timeoutMs,
  });
}

/** Runs a start function of scripts/infra/lib.mjs, which resolves to the address it serves on; returns it. */
function startedAt(start: string): string {
  const out = runInfra(`console.log(await m.${start});`);
  return out.trim().split('\n').pop() ?? '';
}

export interface InfraEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  KAFKA_BROKERS: string;
}

/** Starts (or reuses) the native Postgres, Redis and Kafka and returns their addresses. */
export function nativeInfraUp(): InfraEnv {
  const out = runInfra(
    `await m.infraUp({ quiet: true }); console.log(JSON.stringify(m.connectionEnv()));`,
    10 * 60_000,
  );
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as InfraEnv;
}

// A broker of the outage tests' own (scripts/infra/lib.mjs, OUTAGE_KAFKA on 127.0.0.1:19092): they
// stop and restart it mid-test, never the shared broker on 9092. Start it in beforeAll, remove it in
// afterAll (a JVM left running costs the machine half a gigabyte).

/** Starts a freshly formatted outage broker with every topic; returns its bootstrap address. */
export function startOutageBroker(): string {
  return startedAt('startOutageBroker({ quiet: true })');
}

/** Stops the outage broker ("Kafka is down"), keeping its data; returns once the process has exited. */
export function stopOutageBroker(): void {
  runInfra(`await m.stopOutageBroker({ quiet: true });`);
}

/** Starts the stopped outage broker again on its data; returns once it serves its partitions. */
export function restartOutageBroker(): void {
  runInfra(`await m.restartOutageBroker({ quiet: true });`);
}

/** Stops the outage broker, if running, and deletes its data. */
export function removeOutageBroker(): void {
  runInfra(`await m.removeOutageBroker({ quiet: true });`);
}

// A broker that authenticates with SASL/SCRAM-SHA-512 (scripts/infra/lib.mjs, SASL_KAFKA: its SASL
// listener on 127.0.0.1:29094), for the Kafka client's test. Remove it in afterAll.

/** Starts a fresh SASL broker with every topic and one SCRAM user; returns its SASL bootstrap address. */
export function startSaslBroker(user: { username: string; password: string }): string {
  return startedAt(`startSaslBroker({ ...${JSON.stringify(user)}, quiet: true })`);
}

/** Stops the SASL broker, if running, and deletes its data. */
export function removeSaslBroker(): void {
  runInfra(`await m.removeSaslBroker({ quiet: true });`);
}

// A Redis of the outage tests' own (scripts/infra/lib.mjs, OUTAGE_REDIS on 127.0.0.1:16379): they stop
// and restart it mid-test, never the shared Redis on 56379. Start it in beforeAll, remove it in afterAll.

/** Starts an empty outage Redis (append-only file on, as the shared one); returns its URL. */
export function startOutageRedis(): string {
  return startedAt('startOutageRedis({ quiet: true })');
}

/** Shuts the outage Redis down ("Redis is down"), keeping its append-only file. */
export function stopOutageRedis(): void {
  runInfra(`await m.stopOutageRedis({ quiet: true });`);
}

/** Starts the stopped outage Redis again on its append-only file; returns once it answers. */
export function restartOutageRedis(): void {
  runInfra(`await m.restartOutageRedis({ quiet: true });`);
}

/** Stops the outage Redis, if running, and deletes its data. */
export function removeOutageRedis(): void {
  runInfra(`await m.removeOutageRedis({ quiet: true });`);
}

// A Postgres of the freeze test's own (scripts/infra/lib.mjs, OUTAGE_POSTGRES on 127.0.0.1:15432): it
// freezes it mid-test, never the shared Postgres on 55432. Start it in beforeAll, remove it in afterAll.

/** Starts a freshly initdb'ed outage Postgres; returns its superuser's URL. */
export function startOutagePostgres(): string {
  return startedAt('startOutagePostgres({ quiet: true })');
}

/** Freezes every process of the outage Postgres (SIGSTOP): it hangs, and refuses nothing. */
export function freezeOutagePostgres(): void {
  runInfra(`await m.freezeOutagePostgres({ quiet: true });`);
}

/** Wakes the frozen outage Postgres (SIGCONT). */
export function thawOutagePostgres(): void {
  runInfra(`await m.thawOutagePostgres({ quiet: true });`);
}

/** Stops the outage Postgres (waking it first), if running, and deletes its data. */
export function removeOutagePostgres(): void {
  runInfra(`await m.removeOutagePostgres({ quiet: true });`);
}
