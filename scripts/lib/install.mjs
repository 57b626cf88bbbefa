// @ts-check
// Installs npm dependencies when they are missing or the lockfile changed since the last install: a
// fresh clone needs nothing but Node and npm before `npm start` or `npm test`.
//
// `npm install`, not `npm ci`: this npm (11.x) leaves other platforms' optional packages out of the
// lockfile and then its own `npm ci` refuses that lockfile. `npm install` still installs the locked
// versions; at most it drops stale entries from the lockfile.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../infra/config.mjs';
import { run } from '../infra/exec.mjs';

const LOCKFILE = path.join(REPO_ROOT, 'package-lock.json');
/** The lockfile's hash at the last successful install. */
const INSTALLED_MARK = path.join(REPO_ROOT, 'node_modules', '.daybreak-installed');

const lockfileHash = () => createHash('sha256').update(readFileSync(LOCKFILE)).digest('hex');

function dependenciesCurrent() {
  return existsSync(INSTALLED_MARK) && readFileSync(INSTALLED_MARK, 'utf8') === lockfileHash();
}

export async function ensureDependencies(progress) {
  await progress.step('dependencies', async (update) => {
    if (dependenciesCurrent()) return 'up to date';
    update('npm install');
    await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: REPO_ROOT, timeoutMs: 15 * 60_000 });
    writeFileSync(INSTALLED_MARK, lockfileHash());
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
