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

/** Stops the broker (the outbox test's "Kafka is down"); returns once the process has exited. */
export function stopKafka(): void {
  // The infra scripts leave alone a broker that another checkout started; an outage test must not
  // then carry on as if Kafka were down.
  runInfra(`await m.stopKafka({ quiet: true });
    if ((await m.infraStatus()).kafka.running) throw new Error(
      'Kafka on 127.0.0.1:9092 was started from another checkout and was not stopped: ' +
      'run "npm run infra:down" there, then run these tests again.');`);
}

/** Starts the broker and returns once it answers metadata requests. */
export function startKafka(): void {
  runInfra(`await m.startKafka({ quiet: true });`);
}
