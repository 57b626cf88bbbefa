#!/usr/bin/env node
// @ts-check
// `npm run observe`: Prometheus (Debian's package) scraping the stack `npm start` runs, with the
// recording and alert rules of deploy/prometheus. Runs in the foreground until Ctrl+C; its data stays
// in .infra/prometheus for the next run. docs/operations.md says what to look at.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { HOST, INFRA_DIR } from './infra/config.mjs';
import { createProgress } from './infra/progress.mjs';
import {
  PROMETHEUS_BIN,
  PROMETHEUS_DIR,
  checkPrometheusFiles,
  installPrometheus,
} from './infra/prometheus.mjs';

const PORT = 9090;
const progress = createProgress();

async function main() {
  await progress.step('prometheus', (update) => installPrometheus(update));
  await progress.step('rules', () => checkPrometheusFiles());
  const child = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${path.join(PROMETHEUS_DIR, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(INFRA_DIR, 'prometheus')}`,
      `--web.listen-address=${HOST}:${PORT}`,
      '--storage.tsdb.retention.time=7d',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  console.log(`\n  Prometheus: http://${HOST}:${PORT}  (alerts: http://${HOST}:${PORT}/alerts)`);
  console.log('  It scrapes the stack of `npm start`. Stop: Ctrl+C\n');
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
    process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 1)));
}

main().catch((error) => {
  console.error(`\n✖ npm run observe failed: ${error.message}`);
  process.exit(1);
});
