#!/usr/bin/env node
// @ts-check
// `npm audit --omit=dev` for `npm test`'s lint stage: fails on any high or critical advisory in the
// production dependencies. When the registry's advisory service can't be reached (offline, or a
// registry mirror without the audit endpoint), it says plainly that nothing was audited and does not
// fail, unless AUDIT_REQUIRED=true (where the service is known to be reachable).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BLOCKING = ['high', 'critical'];

/**
 * What `npm audit --json` said: `failed` when it found blocking advisories, `unaudited` with the reason
 * when there was no report, and a line per blocking package.
 * @param {string} output
 */
export function auditVerdict(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { failed: false, unaudited: 'npm audit printed no JSON report', lines: [] };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report?.message || report?.error?.summary || 'no report';
    return { failed: false, unaudited: String(reason), lines: [] };
  }
  const lines = Object.values(report.vulnerabilities ?? {})
    .filter((entry) => BLOCKING.includes(entry.severity))
    .map((entry) => `${entry.severity}: ${entry.name} ${entry.range ?? ''}`.trim());
  const blocking = BLOCKING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
  const summary = Object.entries(counts)
    .filter(([level, n]) => level !== 'total' && n > 0)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ');
  return { failed: blocking > 0, unaudited: null, lines, summary: summary || 'no vulnerabilities' };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const verdict = auditVerdict(run.stdout);
  if (verdict.unaudited !== null) {
    console.warn(`⚠ npm audit: the advisory service could not be reached (${verdict.unaudited}).`);
    console.warn('  Production dependencies were NOT audited.');
    process.exit(process.env.AUDIT_REQUIRED === 'true' ? 1 : 0);
  }
  for (const line of verdict.lines) console.error(`  ${line}`);
  if (verdict.failed) {
    console.error(
      `✖ npm audit --omit=dev: ${verdict.summary} (high or critical fail the build; see npm audit)`,
    );
    process.exit(1);
  }
  console.log(`npm audit --omit=dev: ${verdict.summary} (none high or critical)`);
}
