// @ts-check
// Prometheus and promtool from Debian's `prometheus` package, installed when missing like Chromium
// (scripts/infra/chromium.mjs). `npm run observe` runs Prometheus against the local stack; `npm test`
// checks the rule and config files with promtool (lint stage).
import fs from 'node:fs';
import path from 'node:path';
import { ensurePackages } from './apt.mjs';
import { REPO_ROOT } from './config.mjs';
import { InfraError, run } from './exec.mjs';

export const PROMETHEUS_BIN = '/usr/bin/prometheus';
export const PROMTOOL_BIN = '/usr/bin/promtool';

export const PROMETHEUS_DIR = path.join(REPO_ROOT, 'deploy', 'prometheus');

/** Installs Debian's prometheus (with promtool) when missing; resolves to a summary. */
export async function installPrometheus(update = /** @type {(detail: string) => void} */ (() => {})) {
  const installed = await ensurePackages(
    [
      { name: 'prometheus', pkg: 'prometheus', present: () => fs.existsSync(PROMETHEUS_BIN) },
      { name: 'promtool', pkg: 'prometheus', present: () => fs.existsSync(PROMTOOL_BIN) },
    ],
    update,
  );
  return `${PROMETHEUS_BIN}${installed.length ? ' (installed)' : ' present'}`;
}

/**
 * `promtool check rules` on the rule files and `promtool check config` on every Prometheus config
 * (which also checks the rule files each one names). Throws with promtool's output on a problem.
 */
export async function checkPrometheusFiles() {
  const files = fs.readdirSync(PROMETHEUS_DIR);
  const rules = files.filter((name) => /^rules.*\.ya?ml$/.test(name));
  const configs = files.filter((name) => /^prometheus.*\.ya?ml$/.test(name));
  const checks = [['check', 'rules', ...rules], ...configs.map((config) => ['check', 'config', config])];
  for (const args of checks) {
    try {
      await run(PROMTOOL_BIN, args, { cwd: PROMETHEUS_DIR });
    } catch (err) {
      throw new InfraError(`promtool ${args.join(' ')}: ${err.message}`);
    }
  }
  return `${rules.length} rule file(s), ${configs.length} config(s)`;
}
