import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '@daybreak/testing';

/** Services a test runs for itself (scripts/stack/serve.mjs), apart from the e2e stack. */
export interface OwnServices {
  /** Base URL per service name, e.g. `urls.posts`. */
  urls: Record<string, string>;
  /** The secret these services verify identity tokens with (fresh per run). */
  serviceTokenSecret: string;
  /** Stops the services; resolves once they have exited. */
  stop(): Promise<void>;
}

/**
 * Starts `services` of a stack profile from an empty database, on the given Kafka brokers, and
 * resolves once each is ready. The child stops them when its stdin closes, so they also go when the
 * test runner dies.
 */
export function startOwnServices(options: {
  profile: string;
  services: string[];
  brokers: string;
}): Promise<OwnServices> {
  const script = path.join(repoRoot(), 'scripts/stack/serve.mjs');
  const args = [
    '--profile',
    options.profile,
    '--services',
    options.services.join(','),
    '--brokers',
    options.brokers,
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
      const ready = JSON.parse(line) as Pick<OwnServices, 'urls' | 'serviceTokenSecret'>;
      resolve({ ...ready, stop });
    });
  });
}
