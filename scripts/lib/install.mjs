// `npm ci` when dependencies are missing or older than the lockfile: a fresh clone needs nothing but
// Node and npm before `npm start` or `npm test`.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../infra/config.mjs';
import { run } from '../infra/exec.mjs';

function dependenciesCurrent() {
  const installed = path.join(REPO_ROOT, 'node_modules', '.package-lock.json');
  const lockfile = path.join(REPO_ROOT, 'package-lock.json');
  return existsSync(installed) && statSync(installed).mtimeMs >= statSync(lockfile).mtimeMs;
}

export async function ensureDependencies(progress) {
  await progress.step('dependencies', async (update) => {
    if (dependenciesCurrent()) return 'up to date';
    update('npm ci');
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: REPO_ROOT, timeoutMs: 15 * 60_000 });
    return 'installed';
  });
}

/** Builds every project (libs, services, the SPA) through Nx, which skips what is already built. */
export async function buildAll(progress) {
  await progress.step('build', async (update) => {
    update('nx run-many -t build');
    await run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], {
      cwd: REPO_ROOT,
      env: { NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      timeoutMs: 20 * 60_000,
    });
    return 'libs, services and SPA built';
  });
}
