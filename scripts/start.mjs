#!/usr/bin/env node
// @ts-check
// `npm start`: the whole product with demo data on one URL. Installs what is missing, starts
// Postgres, Redis and Kafka, builds, starts the identity provider, the services and the gateway,
// seeds demo members and posts, and prints the address to open. Ctrl+C stops the application;
// the infrastructure keeps running (`npm run infra:down` stops it).
import { connectionEnv, infraUp } from './infra/lib.mjs';
import { createProgress } from './infra/progress.mjs';
import { buildAll, ensureDependencies } from './lib/install.mjs';
import { seedDemoData } from './lib/seed.mjs';
import { startStack } from './stack/stack.mjs';
import { ZIPKIN_URL, ensureZipkin } from './infra/zipkin.mjs';

const progress = createProgress();
/** DAYBREAK_ZIPKIN=1 npm start: traces to a local Zipkin (scripts/infra/zipkin.mjs); off by default. */
const withZipkin = process.env.DAYBREAK_ZIPKIN === '1';

async function main() {
  await ensureDependencies(progress);
  await infraUp({ quiet: false });
  await buildAll(progress);
  if (withZipkin) await progress.step('zipkin', ensureZipkin);
  const stack = await startStack({ profile: 'dev', infraEnv: connectionEnv(), progress });
  await seedDemoData(stack, progress);
  progress.total('Daybreak started');
  console.log(
    `\n  Open ${stack.url}\n  Sign in with any name and e-mail (demo members: ana@daybreak.local, ben@daybreak.local, ...).`,
  );
  if (withZipkin) console.log(`  Traces: ${ZIPKIN_URL}`);
  console.log(
    `  Logs: .infra/logs/dev/   Stop: Ctrl+C (infrastructure keeps running; npm run infra:down stops it)\n`,
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) process.exit(1);
      stopping = true;
      console.log('\nStopping Daybreak...');
      await stack.stop();
      process.exit(0);
    });
  }
  // Half a product answers with errors that say nothing of why: stop all of it, and say why.
  const { name, how, logFile } = await stack.whenOneExits();
  if (stopping) return;
  stopping = true;
  const ended = typeof how === 'number' ? `exit code ${how}` : how;
  console.error(`\n✖ ${name} stopped (${ended}); stopping Daybreak. Its log: ${logFile}`);
  await stack.stop();
  process.exit(1);
}

main().catch((error) => {
  console.error(`\n✖ npm start failed${error.step ? ` at "${error.step}"` : ''}: ${error.message}`);
  if (error.log) console.error(`  see ${error.log}`);
  process.exit(1);
});
