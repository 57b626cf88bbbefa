#!/usr/bin/env node
// @ts-check
// `npm test`: every test, against real infrastructure. Stages, in order:
//   lint · typecheck · unit (jest, vitest, node:test) · integration (each service against real
//   Postgres, Redis, Kafka) · build · end-to-end (the whole stack: Chromium, then system tests,
//   which stop and restart a Kafka broker of their own, never the shared one).
// Each runner writes a results file (JSON, or TAP for node:test); the last line sums them as
// "N passed, N failed". A test stage that ran no tests fails: a typo in a path or a pattern must not
// look like success.
// `--only <stage>` runs one stage (and what it needs), e.g. `npm test -- --only e2e`; `browser` and
// `system` are the two halves of `e2e`. With `--only browser|system|integration`, any further
// arguments narrow the run to matching test files, e.g. `npm test -- --only browser blog`.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { INFRA_DIR, REPO_ROOT } from './infra/config.mjs';
import { connectionEnv, ensureChromium, infraUp } from './infra/lib.mjs';
import { createProgress } from './infra/progress.mjs';
import { checkPrometheusFiles, installPrometheus } from './infra/prometheus.mjs';
import { buildAll, ensureDependencies } from './lib/install.mjs';
import { startStack } from './stack/stack.mjs';

const RESULTS_DIR = path.join(INFRA_DIR, 'test-results');
const STAGES = ['lint', 'typecheck', 'unit', 'integration', 'e2e', 'browser', 'system'];
/** Stages made of other stages: `--only e2e` runs both halves. */
const PARTS = { e2e: ['browser', 'system'] };
/** Folders of node:test files (`*.test.mjs`): the dev identity provider, the security checks, the bench's report. */
const NODE_TEST_DIRS = [
  'scripts/conventions',
  'scripts/dev-idp',
  'scripts/security',
  'scripts/stack',
  'bench',
];

/** The stage named by `--only <stage>` (or `--only=<stage>`), null for all; exits on an unknown one. */
function parseOnly(argv) {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return null;
  const value = argv[index].startsWith('--only=') ? argv[index].slice('--only='.length) : argv[index + 1];
  if (STAGES.includes(value ?? '')) return value;
  console.error(
    `✖ ${value ? `unknown stage "${value}"` : '--only needs a stage'}. Valid stages: ${STAGES.join(', ')}.`,
  );
  process.exit(2);
}

const only = parseOnly(process.argv.slice(2));
/** Test-file patterns after the stage name: handed to Playwright (file filter) and jest (path pattern). */
const fileFilters = only ? fileFilterArgs(process.argv.slice(2)) : [];

/** The arguments that are neither `--only` nor its value. */
function fileFilterArgs(argv) {
  const index = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  const skip = argv[index] === '--only' ? 2 : 1;
  return [...argv.slice(0, index), ...argv.slice(index + skip)];
}
/** @param {string} stage */
const wants = (stage) =>
  !only ||
  only === stage ||
  Object.entries(PARTS).some(([whole, parts]) => only === whole && parts.includes(stage));
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
      code === 0 ? resolve(undefined) : reject(new Error(`${label} failed (${code ?? signal})`)),
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

/**
 * Adds one runner's counts to the tally and returns how many tests it ran (0 without a report).
 * @param {{ passed: number, failed: number, skipped: number } | null} counts
 */
function count(counts) {
  if (!counts) return 0;
  tally.passed += counts.passed;
  tally.failed += counts.failed;
  tally.skipped += counts.skipped;
  return counts.passed + counts.failed + counts.skipped;
}

/** A jest/vitest JSON report (same shape). @param {string} file */
function countJest(file) {
  const report = readJson(file);
  return count(
    report && {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    },
  );
}

/** @param {string} file */
function countPlaywright(file) {
  const report = readJson(file);
  return count(
    report && {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    },
  );
}

/**
 * node:test's TAP report: the summary comments at its end ("# pass 7", "# fail 0", ...).
 * @param {string} file
 */
function countTap(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return 0;
  }
  /** @param {string} name */
  const summary = (name) => Number(text.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  if (!/^# tests \d+$/m.test(text)) return 0;
  return count({
    passed: summary('pass'),
    failed: summary('fail') + summary('cancelled'),
    skipped: summary('skipped') + summary('todo'),
  });
}

/**
 * Runs a test runner, then counts its report whether it passed or not; a run of zero tests fails.
 * @param {string} label
 * @param {() => Promise<void>} run
 * @param {() => number} counted
 */
async function runCounted(label, run, counted) {
  let ran = 0;
  try {
    await run();
  } finally {
    ran = counted();
  }
  if (ran === 0) throw new Error(`${label} ran no tests`);
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
      // Unused files, exports and dependencies (knip.json says where each workspace starts).
      await runVisible('unused code', 'npx', ['knip', '--no-config-hints']);
      // Prometheus' alert/recording rules and configs (deploy/prometheus), with Debian's promtool.
      await installPrometheus();
      await checkPrometheusFiles();
      await runVisible('secret scan', 'node', ['scripts/security/secret-scan.mjs']);
      await runVisible('audit', 'node', ['scripts/security/audit.mjs']); // npm audit --omit=dev: no high or critical
    });
  }
  if (wants('typecheck'))
    await stage('typecheck', async () => {
      await runVisible(
        'typecheck',
        'npx',
        ['nx', 'run-many', '-t', 'typecheck', '--outputStyle=static'],
        nxEnv,
      );
      // The tooling scripts are plain ESM with JSDoc types (checkJs); they are no workspace's.
      await runVisible('typecheck (scripts)', 'npx', ['tsc', '-p', 'scripts/tsconfig.json']);
    });

  if (wants('unit')) {
    await stage('unit', async () => {
      const jestFile = path.join(RESULTS_DIR, 'unit.json');
      const vitestFile = path.join(RESULTS_DIR, 'frontend.json');
      const tapFile = path.join(RESULTS_DIR, 'node-test.tap');
      await runCounted(
        'unit (jest)',
        () =>
          runVisible('unit (jest)', 'npx', [
            'jest',
            '-c',
            'jest.unit.config.js',
            '--ci',
            '--json',
            `--outputFile=${jestFile}`,
          ]),
        () => countJest(jestFile),
      );
      await runCounted(
        'unit (vitest)',
        () =>
          runVisible('unit (vitest)', 'npx', [
            'vitest',
            'run',
            '--root',
            'frontend',
            '--reporter=default',
            '--reporter=json',
            `--outputFile.json=${vitestFile}`,
          ]),
        () => countJest(vitestFile),
      );
      // Files, not the directory: `node --test <dir>` finds nothing on Node 20 and fails on Node 22.
      const nodeTests = NODE_TEST_DIRS.flatMap((dir) =>
        readdirSync(path.join(REPO_ROOT, dir))
          .filter((name) => name.endsWith('.test.mjs'))
          .map((name) => `${dir}/${name}`),
      );
      await runCounted(
        'unit (node:test)',
        () =>
          runVisible('unit (node:test)', 'node', [
            '--test',
            '--test-reporter=spec',
            '--test-reporter-destination=stdout',
            '--test-reporter=tap',
            `--test-reporter-destination=${tapFile}`,
            ...nodeTests,
          ]),
        () => countTap(tapFile),
      );
    });
  }

  const needsInfra = wants('integration') || wants('browser') || wants('system');
  if (needsInfra) {
    await infraUp({ quiet: false });
    Object.assign(process.env, connectionEnv());
  }

  if (wants('integration')) {
    await stage('integration', async () => {
      const file = path.join(RESULTS_DIR, 'integration.json');
      await runCounted(
        'integration',
        () =>
          runVisible('integration', 'npx', [
            'jest',
            '-c',
            'jest.int.config.js',
            '--runInBand',
            '--ci',
            '--json',
            `--outputFile=${file}`,
            ...fileFilters,
          ]),
        () => countJest(file),
      );
    });
  }

  if (wants('browser') || wants('system')) {
    if (wants('browser')) await ensureChromium({ quiet: false });
    await buildAll(progress);
    const stack = await startStack({ profile: 'e2e', infraEnv: connectionEnv(), progress, fresh: true });
    try {
      const stackEnv = {
        E2E_BASE_URL: stack.url,
        E2E_IDENTITY_PRIVATE_KEY: stack.profile.gateway.env.IDENTITY_PRIVATE_KEY,
        E2E_POSTS_URL: stack.profile.gateway.env.POSTS_URL,
        E2E_STREAKS_URL: stack.profile.gateway.env.STREAKS_URL,
        E2E_MEDIA_URL: stack.profile.gateway.env.MEDIA_URL,
        E2E_SOCIAL_URL: stack.profile.gateway.env.SOCIAL_URL,
        E2E_NOTIFICATIONS_URL: stack.profile.gateway.env.NOTIFICATIONS_URL,
        E2E_TRACES_FILE: stack.profile.tracesFile,
        E2E_IDP_URL: stack.profile.issuer,
        E2E_OIDC_CLIENT_ID: stack.profile.gateway.env.OIDC_CLIENT_ID,
        E2E_REDIS_URL: stack.profile.env.REDIS_URL, // the profile's own db (1)
        E2E_DATABASE_URL: stack.profile.env.DATABASE_URL,
      };
      if (wants('browser')) {
        await stage('browser', async () => {
          const file = path.join(RESULTS_DIR, 'browser.json');
          await runCounted(
            'browser',
            () =>
              runVisible(
                'browser',
                'npx',
                ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...fileFilters],
                {
                  ...stackEnv,
                  PLAYWRIGHT_JSON_OUTPUT_NAME: file,
                },
              ),
            () => countPlaywright(file),
          );
        });
      }
      if (wants('system')) {
        await stage('system', async () => {
          const file = path.join(RESULTS_DIR, 'system.json');
          await runCounted(
            'system',
            () =>
              runVisible(
                'system',
                'npx',
                [
                  'jest',
                  '-c',
                  'e2e/jest.config.js',
                  '--runInBand',
                  '--ci',
                  '--json',
                  `--outputFile=${file}`,
                  ...fileFilters,
                ],
                stackEnv,
              ),
            () => countJest(file),
          );
        });
      }
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
