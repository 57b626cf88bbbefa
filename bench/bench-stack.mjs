// @ts-check
// The start every benchmark shares: what is missing installed, the infrastructure up, everything
// built, then a fresh stack of the `bench` profile (its own ports and database, emptied).
import { connectionEnv, infraUp } from '../scripts/infra/lib.mjs';
import { buildAll, ensureDependencies } from '../scripts/lib/install.mjs';
import { startStack } from '../scripts/stack/stack.mjs';

/**
 * Installs what is missing, starts the infrastructure and builds the libraries, services and SPA.
 * Resolves to the infrastructure's settings. The bench's own dependencies (autocannon, pg, …) can be
 * imported once it has resolved: a fresh clone has none before.
 * @param {ReturnType<typeof import('../scripts/infra/progress.mjs').createProgress>} progress
 */
export async function prepareBench(progress) {
  await ensureDependencies(progress);
  const infraEnv = await infraUp({ quiet: false });
  await buildAll(progress);
  return infraEnv;
}

/**
 * A fresh stack of the bench profile; resolves once its gateway is ready.
 * @param {ReturnType<typeof import('../scripts/infra/progress.mjs').createProgress>} progress
 */
export function startBenchStack(progress) {
  return startStack({ profile: 'bench', infraEnv: connectionEnv(), progress, fresh: true });
}
