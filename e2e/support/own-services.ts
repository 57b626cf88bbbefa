import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, waitFor } from '@daybreak/testing';

/** Services a test runs for itself (scripts/stack/serve.mjs), apart from the e2e stack. */
export interface OwnServices {
  /** Base URL per service name, e.g. `urls.posts`. */
  urls: Record<string, string>;
  /** The gateway's private key in this profile (fresh per run): signs tokens these services accept. */
  identityPrivateKey: string;
  /** Every service of the profile, started or not: how to run one more process of it. */
  processes: Record<string, ProcessSpec>;
  /** Stops the services; resolves once they have exited. */
  stop(): Promise<void>;
}

/** A process's command, environment and readiness URL in a stack profile (scripts/stack/profiles.mjs). */
export interface ProcessSpec {
  command: string[];
  env: Record<string, string>;
  readyUrl: string;
}

/** One process a test runs itself, e.g. a notifications worker it kills. */
export interface OwnProcess {
  /** Kills it with `signal` and resolves once it has exited, with its exit code (null: killed by a signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** One readiness probe: the answer, or null if none came within 5 s. */
const probe = (url: string) => fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => null);

/**
 * Runs `spec` with `env` on top (e.g. another PORT and a role) and resolves once `readyUrl` answers
 * 2xx. Its output goes to `logFile` (appended, so a restarted process keeps its predecessor's log).
 */
export async function startOwnProcess(
  spec: ProcessSpec,
  env: Record<string, string>,
  readyUrl: string,
  logFile: string,
): Promise<OwnProcess> {
  const [command = 'node', ...args] = spec.command;
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: repoRoot(),
    env: { ...process.env, ...spec.env, ...env },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const kill = async (signal: NodeJS.Signals) => {
    if (running) child.kill(signal);
    return exited;
  };
  try {
    // A process that exits (e.g. its port is taken) fails the start at once, with its log's name.
    const exitedEarly = exited.then((code) => {
      throw new Error(`${spec.command.join(' ')} exited (${code}) before it was ready; see ${logFile}`);
    });
    exitedEarly.catch(() => undefined); // an exit after it was ready is the test's own stop
    await Promise.race([
      exitedEarly,
      // Each probe is bounded: one that never answers must not hold the wait past its own timeout.
      waitFor(async () => running && (await probe(readyUrl))?.ok === true, {
        timeoutMs: 90_000,
        intervalMs: 250,
        description: `${readyUrl} to be ready`,
      }),
    ]);
  } catch (error) {
    await kill('SIGKILL');
    throw error;
  }
  return { kill };
}

/**
 * Starts `services` of a stack profile from an empty database, on the given Kafka brokers, and
 * resolves once each is ready. The child stops them when its stdin closes, so they also go when the
 * test runner dies.
 */
export function startOwnServices(options: {
  profile: string;
  services: string[];
  /** Kafka's bootstrap address; default: the shared broker. */
  brokers?: string;
  /** Redis's URL; default: the shared Redis (the profile's db). */
  redis?: string;
  /** A Postgres superuser's URL; default: the shared Postgres (the profile's database in either). */
  database?: string;
}): Promise<OwnServices> {
  const script = path.join(repoRoot(), 'scripts/stack/serve.mjs');
  const args = [
    '--profile',
    options.profile,
    '--services',
    options.services.join(','),
    ...(options.brokers ? ['--brokers', options.brokers] : []),
    ...(options.redis ? ['--redis', options.redis] : []),
    ...(options.database ? ['--database', options.database] : []),
  ];
  const child = spawn(process.execPath, [script, ...args], {
    cwd: repoRoot(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`serve.mjs exited (${code ?? signal}) before ready`)),
    );
    createInterface({ input: child.stdout }).once('line', (line) => {
      const ready = JSON.parse(line) as Pick<OwnServices, 'urls' | 'identityPrivateKey' | 'processes'>;
      resolve({ ...ready, stop });
    });
  });
}
