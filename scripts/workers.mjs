#!/usr/bin/env node
// @ts-check
// `npm run workers -- 3`: N more notifications workers (NOTIFICATIONS_ROLE=worker) next to a running
// `npm start`, with the dev stack's environment. They join its consumer group, so Kafka rebalances the
// notification topics' 6 partitions across every process (the stack's own one included): up to 6
// share the load. Ctrl+C stops them (the group rebalances back); logs in .infra/logs/dev/.
import { createServer } from 'node:net';
import { connectionEnv } from './infra/config.mjs';
import { startProcess } from './stack/processes.mjs';
import { resolveProfile } from './stack/profiles.mjs';

const MAX_WORKERS = 6; // one per partition: more would sit idle

/** A port the OS says is free now; each worker serves its health routes there. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function main() {
  const count = Number(process.argv[2] ?? '1');
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    throw new Error(`usage: npm run workers -- <1-${MAX_WORKERS}> (got "${process.argv[2]}")`);
  }
  const profile = resolveProfile('dev', connectionEnv());
  const notifications = profile.services.find((service) => service.name === 'notifications');
  if (!notifications) throw new Error('the dev profile has no notifications service');
  const stackReady = await fetch(notifications.readyUrl).catch(() => null);
  if (!stackReady?.ok)
    throw new Error(`the dev stack is not running (${notifications.readyUrl}): run npm start first`);

  const workers = [];
  const stop = async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  };
  let stopping = false;
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, async () => {
      if (stopping) process.exit(1);
      stopping = true;
      console.log('\nStopping the workers...');
      await stop();
      process.exit(0);
    });
  }
  try {
    for (let i = 1; i <= count; i++) {
      const port = await freePort();
      const worker = await startProcess(
        {
          name: `notifications-worker-${i}`,
          command: notifications.command,
          env: { ...notifications.env, NOTIFICATIONS_ROLE: 'worker', PORT: String(port) },
          readyUrl: `http://127.0.0.1:${port}/health/ready`,
        },
        { profile: profile.name },
      );
      workers.push(worker);
      console.log(`  ${worker.name} ready on :${port} (log ${worker.logFile})`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`\n  ${count} worker(s) running in group ${notifications.env.KAFKA_GROUP_ID}. Stop: Ctrl+C\n`);
}

main().catch((error) => {
  console.error(`\n✖ workers: ${error.message}`);
  process.exit(1);
});
