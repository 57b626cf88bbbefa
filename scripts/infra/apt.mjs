// @ts-check
// Installs missing Debian packages. A developer machine usually has them already, a fresh CI machine
// does not: we check for the binaries first and touch apt only when something is missing, so a warm
// `up` never waits on apt. `apt-get update` runs at most once per process.
import { InfraError, isRoot, run, which } from './exec.mjs';

let updated = false;

/**
 * @param {{ name: string, pkg: string, present: () => boolean }[]} wants
 * @param {(detail: string) => void} [update] progress detail callback
 * @returns {Promise<string[]>} the packages that were installed (empty when all were present)
 */
export async function ensurePackages(wants, update = /** @type {(detail: string) => void} */ (() => {})) {
  const missing = [...new Set(wants.filter((w) => !w.present()).map((w) => w.pkg))];
  if (!missing.length) return [];

  // Not root (a developer's own account): use passwordless sudo if there is one, else say what to run.
  const prefix = isRoot() ? [] : which('sudo') ? ['sudo', '-n', '--preserve-env=DEBIAN_FRONTEND'] : null;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (!prefix || !which('apt-get')) {
    throw new InfraError(`missing packages ${missing.join(', ')}; install them first: ${command}`);
  }
  const apt = (args) =>
    run(prefix[0] ?? 'apt-get', prefix.length ? [...prefix.slice(1), 'apt-get', ...args] : args, {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    }).catch((err) => {
      throw new InfraError(`${command} failed: ${err.message}`);
    });

  if (!updated) {
    update('apt-get update');
    await apt(['-q', 'update']);
    updated = true;
  }
  update(`apt-get install ${missing.join(' ')}`);
  // Wait for the dpkg lock instead of failing when another apt (e.g. unattended-upgrades) holds it.
  await apt(['-q', '-y', '-o', 'DPkg::Lock::Timeout=300', 'install', ...missing]);
  const still = wants.filter((w) => !w.present()).map((w) => w.name);
  if (still.length) {
    throw new InfraError(`installed ${missing.join(' ')} but still missing: ${still.join(', ')}`);
  }
  return missing;
}
