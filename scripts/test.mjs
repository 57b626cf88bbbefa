#!/usr/bin/env node
// `npm test`: every test, against real infrastructure. Stages, in order:
//   lint · typecheck · unit (jest, vitest, node:test) · integration (each service against real
//   Postgres, Redis, Kafka) · build · end-to-end (the whole stack: Chromium, then system tests,
//   which stop and restart a Kafka broker of their own, never the shared one).
// Each runner writes JSON results; the last line sums them as "N passed, N failed".
// `--only <stage>` runs one stage (and what it needs), e.g. `npm test -- --only e2e`.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { INFRA_DIR, REPO_ROOT } from './infra/config.mjs';
import { connectionEnv, ensureChromium, infraUp } from './infra/lib.mjs';
import { createProgress } from './infra/progress.mjs';
import { buildAll, ensureDependencies } from './lib/install.mjs';
import { startStack } from './stack/stack.mjs';

const RESULTS_DIR = path.join(INFRA_DIR, 'test-results');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
const wants = (stage) => !only || only === stage;
const progress = createProgress();
const tally = { passed: 0, failed: 0, skipped: 0 };

/** Runs a command with its output shown as it comes; rejects on a non-zero exit. */
function runVisible(label, command, args, env = {}) {
  console.log(`\n── ${label}: ${[command, ...args].join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (${code ?? signal})`)),
    );
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Adds a jest/vitest JSON report (same shape) to the tally. */
function countJest(file) {
  const report = readJson(file);
  if (!report) return;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  const report = readJson(file);
  if (!report) return;
  tally.passed += report.stats.expected + report.stats.flaky;
  tally.failed += report.stats.unexpected;
  tally.skipped += report.stats.skipped;
}

async function stage(label, fn) {
  await progress.step(label, async () => {
    await fn();
    return 'passed';
  });
}

async function main() {
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  mkdirSync(RESULTS_DIR, { recursive: true });
  const nxEnv = { NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
  await ensureDependencies(progress);

  if (wants('lint')) {
    await stage('lint', async () => {
      await runVisible('lint', 'npx', ['nx', 'run-many', '-t', 'lint', '--outputStyle=static'], nxEnv);
      await runVisible('format', 'npx', ['prettier', '--check', '.']);
    });
  }
  if (wants('typecheck'))
    await stage('typecheck', () =>
      runVisible('typecheck', 'npx', ['nx', 'run-many', '-t', 'typecheck', '--outputStyle=static'], nxEnv),
    );

  if (wants('unit')) {
    await stage('unit', async () => {
      const jestFile = path.join(RESULTS_DIR, 'unit.json');
      const vitestFile = path.join(RESULTS_DIR, 'frontend.json');
      try {
        await runVisible('unit (jest)', 'npx', [
          'jest',
          '-c',
          'jest.unit.config.js',
          '--json',
          `--outputFile=${jestFile}`,
        ]);
        await runVisible('unit (vitest)', 'npx', [
          'vitest',
          'run',
          '--root',
          'frontend',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${vitestFile}`,
        ]);
        await runVisible('unit (node:test)', 'node', ['--test', 'scripts/dev-idp/']);
      } finally {
        countJest(jestFile);
        countJest(vitestFile);
      }
    });
  }

  const needsInfra = wants('integration') || wants('e2e');
  if (needsInfra) {
    await infraUp({ quiet: false });
    Object.assign(process.env, connectionEnv());
  }

  if (wants('integration')) {
    await stage('integration', async () => {
      const file = path.join(RESULTS_DIR, 'integration.json');
      try {
        await runVisible('integration', 'npx', [
          'jest',
          '-c',
          'jest.int.config.js',
          '--runInBand',
          '--json',
          `--outputFile=${file}`,
        ]);
      } finally {
        countJest(file);
      }
    });
  }

  if (wants('e2e')) {
    await ensureChromium({ quiet: false });
    await buildAll(progress);
    const stack = await startStack({ profile: 'e2e', infraEnv: connectionEnv(), progress, fresh: true });
    try {
      const stackEnv = {
        E2E_BASE_URL: stack.url,
        E2E_SERVICE_TOKEN_SECRET: stack.profile.env.SERVICE_TOKEN_SECRET,
        E2E_POSTS_URL: stack.profile.gateway.env.POSTS_URL,
        E2E_STREAKS_URL: stack.profile.gateway.env.STREAKS_URL,
        E2E_MEDIA_URL: stack.profile.gateway.env.MEDIA_URL,
        E2E_IDP_URL: stack.profile.issuer,
        E2E_OIDC_CLIENT_ID: stack.profile.gateway.env.OIDC_CLIENT_ID,
        E2E_REDIS_URL: stack.profile.env.REDIS_URL, // the profile's own db (1)
        E2E_DATABASE_URL: stack.profile.env.DATABASE_URL,
      };
      await stage('browser', async () => {
        const file = path.join(RESULTS_DIR, 'browser.json');
        try {
          await runVisible('browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
            ...stackEnv,
            PLAYWRIGHT_JSON_OUTPUT_NAME: file,
          });
        } finally {
          countPlaywright(file);
        }
      });
      await stage('system', async () => {
        const file = path.join(RESULTS_DIR, 'system.json');
        try {
          await runVisible(
            'system',
            'npx',
            ['jest', '-c', 'e2e/jest.config.js', '--runInBand', '--json', `--outputFile=${file}`],
            stackEnv,
          );
        } finally {
          countJest(file);
        }
      });
    } finally {
      await stack.stop();
    }
  }
}

main()
  .then(() => {
    progress.total('All tests passed');
  })
  .catch((error) => {
    console.error(`\n✖ ${error.step ? `${error.step}: ` : ''}${error.message}`);
    process.exitCode = 1;
  })
  .finally(() => {
    const skipped = tally.skipped ? `, ${tally.skipped} skipped` : '';
    console.log(`\ntests: ${tally.passed} passed, ${tally.failed} failed${skipped}`);
  });
