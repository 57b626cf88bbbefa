// @ts-check
// The Docker path (ARCHITECTURE §6): with a working Docker engine, infra comes from docker-compose.yml
// instead of Debian packages and Maven jars. Same ports on 127.0.0.1, so nothing else changes.
// DAYBREAK_INFRA=native|docker overrides the detection.
import { COMPOSE_FILE } from './config.mjs';
import { InfraError, run, which } from './exec.mjs';

let detected;

export async function useDocker() {
  const forced = process.env.DAYBREAK_INFRA;
  if (forced === 'native') return false;
  if (forced === 'docker') return true;
  // `docker info` fails when only the CLI is installed, or the daemon is unreachable.
  detected ??= which('docker') ? dockerInfoWorks() : Promise.resolve(false);
  return detected;
}

async function dockerInfoWorks() {
  const { code } = await run('docker', ['info'], { allowFail: true, timeoutMs: 15_000 }).catch(() => ({}));
  return code === 0;
}

const compose = (args) =>
  run('docker', ['compose', '-f', COMPOSE_FILE, ...args]).catch((err) => {
    throw new InfraError(`docker compose ${args[0]} failed: ${err.message}`, { log: 'docker compose logs' });
  });

/** Starts the infra services only (application services have the `app` profile) and waits for health. */
export async function composeUp(update = /** @type {(detail: string) => void} */ (() => {})) {
  update('docker compose up');
  await compose(['up', '-d', '--wait', 'postgres', 'redis', 'kafka']);
  return 'postgres, redis, kafka healthy';
}

/** Stops the containers; `wipe` also removes their volumes (the data). */
export async function composeDown({ wipe = false } = {}) {
  await compose(['down', ...(wipe ? ['--volumes'] : [])]);
  return wipe ? 'containers and volumes removed' : 'containers removed, volumes kept';
}
