import path from 'node:path';
import { repoRoot } from '@daybreak/testing';
import { OwnProcess, OwnServices, startOwnProcess, startOwnServices } from './own-services';

/** The services behind the gateway, in the order a stack starts them (scripts/stack/profiles.mjs). */
const SERVICES = ['posts', 'social', 'streaks', 'notifications', 'media'] as const;
export type ServiceName = (typeof SERVICES)[number];
type ProcessName = ServiceName | 'gateway' | 'dev-idp';

/** A whole stack of a test's own, every process of which it can stop and start again. */
export interface OwnStack {
  /** The gateway's URL, what a browser opens. */
  url: string;
  /** Each service's own URL, and the gateway's key its identity tokens are signed with. */
  serviceUrls: Record<ServiceName, string>;
  identityPrivateKey: string;
  /** A process's environment (e.g. DATABASE_URL), as the profile gives it. */
  envOf(name: ProcessName): Record<string, string>;
  /** Signals a process and resolves with its exit code once it has exited (null: killed by a signal). */
  stop(name: ProcessName, signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts a stopped process again; resolves once it is ready. */
  start(name: ProcessName): Promise<void>;
  /** Stops every process and the database keeper. */
  stopAll(): Promise<void>;
}

/**
 * Every process of a stack profile (the outage profile's ports and database: run one such test at a
 * time), each run by the test itself so it can take any of them down: the services, then the dev
 * identity provider and the gateway, which is ready once they all are. `redis` points the whole stack
 * at another Redis (e.g. the outage Redis the test stops), `database` at another Postgres (a
 * superuser's URL); the shared Kafka broker by default. `env` goes to every process (e.g. shorter
 * timeouts).
 */
export async function startOwnStack(
  options: { redis?: string; brokers?: string; database?: string; env?: Record<string, string> } = {},
): Promise<OwnStack> {
  const { env = {}, ...infra } = options;
  // Starts no service: empties the profile's database and hands over every process's spec.
  const keeper: OwnServices = await startOwnServices({ profile: 'outage', services: [], ...infra });
  const running = new Map<ProcessName, OwnProcess>();
  const start = async (name: ProcessName) => {
    const spec = keeper.processes[name]!;
    const log = path.join(repoRoot(), '.infra/logs/outage', `${name}.log`);
    running.set(name, await startOwnProcess(spec, env, spec.readyUrl, log));
  };
  const stop = async (name: ProcessName, signal: NodeJS.Signals = 'SIGTERM') => {
    const process = running.get(name);
    running.delete(name);
    return process ? process.kill(signal) : null;
  };
  const stopAll = async () => {
    await Promise.all([...running.keys()].map((name) => stop(name)));
    await keeper.stop();
  };
  try {
    await Promise.all(SERVICES.map(start));
    await start('dev-idp');
    await start('gateway');
  } catch (error) {
    await stopAll();
    throw error;
  }
  const envOf = (name: ProcessName) => keeper.processes[name]!.env;
  return {
    url: new URL(keeper.processes.gateway!.readyUrl).origin,
    serviceUrls: Object.fromEntries(
      SERVICES.map((name) => [name, new URL(keeper.processes[name]!.readyUrl).origin]),
    ) as Record<ServiceName, string>,
    identityPrivateKey: keeper.identityPrivateKey,
    envOf,
    stop,
    start,
    stopAll,
  };
}
