#!/usr/bin/env node
// @ts-check
// Local infrastructure for Daybreak: Postgres (55432), Redis (56379), Kafka (9092) on 127.0.0.1.
//   node scripts/infra/infra.mjs up | down [--wipe] | status | env [--export] | browser
// See docs/infrastructure.md.
import { rel } from './config.mjs';
import { connectionEnv, ensureChromium, infraDown, infraStatus, infraUp } from './lib.mjs';

const USAGE = `usage: node scripts/infra/infra.mjs <command>
  up              start (or reuse) postgres, redis, kafka and create the topics
  down [--wipe]   stop them; --wipe also deletes their data
  status          one line per component
  env [--export]  connection settings as KEY=value lines
  browser         install Debian's chromium for the e2e tests if missing
options: --quiet (no progress output)`;

const [command, ...rest] = process.argv.slice(2);
const flags = new Set(rest);
const quiet = flags.has('--quiet');
const started = Date.now();

async function main() {
  switch (command) {
    case 'up':
      await infraUp({ quiet });
      break;
    case 'down':
      await infraDown({ quiet, wipe: flags.has('--wipe') });
      break;
    case 'status': {
      const status = await infraStatus();
      for (const [name, s] of Object.entries(status)) {
        console.log(`${name.padEnd(9)} ${s.state.padEnd(8)} ${s.host}:${s.port}`);
      }
      break;
    }
    case 'env': {
      const prefix = flags.has('--export') ? 'export ' : '';
      for (const [key, value] of Object.entries(connectionEnv())) console.log(`${prefix}${key}=${value}`);
      break;
    }
    case 'browser':
      console.log(await ensureChromium({ quiet }));
      break;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      break;
    default:
      console.error(`unknown command: ${command}\n${USAGE}`);
      process.exitCode = 2;
  }
}

try {
  await main();
} catch (err) {
  const where = err.step ? `${err.step}: ` : '';
  console.error(`\n✖ ${where}${err.message}`);
  if (err.log) console.error(`  log: ${rel(err.log)}`);
  console.error(`failed after ${((Date.now() - started) / 1000).toFixed(1)}s`);
  process.exitCode = 1;
}
