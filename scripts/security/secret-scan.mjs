#!/usr/bin/env node
// @ts-check
// Secret scan over the files git tracks (part of `npm test`'s lint stage): well-known credential
// formats (private keys, cloud and service tokens) and long random-looking values assigned to
// secret-named variables. Prints each finding as file:line and exits 1 if there is any.
//
// A finding that is not a secret is allowed in ALLOWED below, by file and the exact value, with the
// reason: never by pattern, so a new real secret next to an allowed one is still found.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Credential formats whose shape alone gives them away.
 * @type {[string, RegExp][]}
 */
const FORMATS = [
  ['private key', /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/],
  ['AWS access key id', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/],
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/],
  ['Slack token', /\bxox[abposr]-[A-Za-z0-9-]{10,}/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['Stripe live key', /\b[rs]k_live_[0-9A-Za-z]{20,}\b/],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
  ['JSON Web Token', /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ['URL with a password', /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@'"`]+:([^/\s:@'"`$]{12,})@/i],
];

/** `SESSION_SECRET: 'value'`, `"clientSecret": "value"`, `API_KEY=value`, … */
const ASSIGNMENT =
  /(?:secret|password|passwd|private_?key|api_?key|access_?key|token|cookie_?keys?)[a-z0-9_]*["']?\s*[:=]\s*["'`]?([A-Za-z0-9+/=_.-]{20,})/gi;

/** Random strings spread over many symbols; words, identifiers and repeated characters don't. */
function looksRandom(value) {
  if (!/[0-9]/.test(value) || !/[A-Za-z]/.test(value)) return false;
  const counts = new Map();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) entropy -= (count / value.length) * Math.log2(count / value.length);
  return entropy >= 3.5;
}

/**
 * Known values that are not secrets, each with why: file → values.
 * @type {Record<string, { values: string[], why: string }>}
 */
/** docker-compose.yml's services' own Postgres roles: a local demo's, like its `daybreak:daybreak` owner. */
// The services' roles, and the Product dashboard's read-only one (ADR 0033).
const DEMO_ROLE_PASSWORDS = ['posts', 'social', 'streaks', 'notifications', 'media', 'analytics_reader'].map(
  (role) => `daybreak_${role}`,
);

const ALLOWED = {
  'scripts/infra/kafka.mjs': {
    values: ['ZGF5YnJlYWsta2Fma2EwMQ'],
    why: 'the local Kafka cluster id (base64 of "daybreak-kafka01"), not a credential',
  },
  'docker-compose.yml': {
    values: ['ZGF5YnJlYWsta2Fma2EwMQ', ...DEMO_ROLE_PASSWORDS, 'daybreak-compose-redis'],
    why: 'the local Kafka cluster id, as in scripts/infra/kafka.mjs, and the demo database roles’ and Redis user’s fixed passwords',
  },
  'scripts/infra/docker/postgres-roles.sql': {
    values: DEMO_ROLE_PASSWORDS,
    why: 'the local demo’s database roles, with fixed passwords like the daybreak owner’s',
  },
  'services/gateway/src/config.spec.ts': {
    values: ['dev-only-session-secret-change-me-0123456789'],
    why: 'the old compose default, which the test shows production refuses',
  },
};

/** Files never scanned: lockfiles (integrity hashes) and binaries. */
const SKIPPED = /(?:^|\/)package-lock\.json$|\.(?:png|jpe?g|webp|gif|ico|woff2?|pdf|zip|gz)$/i;

/** @returns {{ file: string, line: number, kind: string }[]} */
export function scan(files, read = (file) => readFileSync(path.join(REPO_ROOT, file), 'utf8')) {
  const findings = [];
  for (const file of files) {
    if (SKIPPED.test(file)) continue;
    let text;
    try {
      text = read(file);
    } catch {
      continue; // deleted in the work tree but still tracked
    }
    if (text.includes('\u0000')) continue; // binary
    const allowed = ALLOWED[file]?.values ?? [];
    text.split('\n').forEach((content, index) => {
      let reported = false; // one finding per line is enough to point at it
      const found = (kind, value) => {
        if (reported || allowed.includes(value)) return;
        findings.push({ file, line: index + 1, kind });
        reported = true;
      };
      for (const [kind, pattern] of FORMATS) {
        const match = pattern.exec(content);
        if (match) found(kind, match[1] ?? match[0]);
      }
      for (const match of content.matchAll(ASSIGNMENT))
        if (looksRandom(match[1])) found('random-looking value of a secret-named variable', match[1]);
    });
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  const findings = scan(files);
  for (const { file, line, kind } of findings) console.error(`${file}:${line}: ${kind}`);
  if (findings.length > 0) {
    console.error(
      `\n✖ secret scan: ${findings.length} finding(s). Remove the secret (and rotate it), or, if it is not one, ` +
        'allow its exact value in scripts/security/secret-scan.mjs with the reason.',
    );
    process.exit(1);
  }
  console.log(`secret scan: ${files.length} tracked files, no secrets found`);
}
