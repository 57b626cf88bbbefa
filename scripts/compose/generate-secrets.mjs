#!/usr/bin/env node
// @ts-check
// The `secrets` service of docker-compose.yml: makes the stack's secrets once, on its first start, into
// an env file on the `secrets` volume that every application container reads at start (its entrypoint
// sources the file). Nothing secret is written in docker-compose.yml; `docker compose down --volumes`
// throws the secrets away with the data, and the next start makes new ones.
//
//   node scripts/compose/generate-secrets.mjs <file>   (keeps an existing file)
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import { freshSecrets } from '../stack/profiles.mjs';

/** The image's unprivileged `node` user, which runs every application container. */
const NODE_UID = 1000;

const file = process.argv[2];
if (!file) {
  console.error('usage: generate-secrets.mjs <env file>');
  process.exit(2);
}
if (existsSync(file)) {
  console.log(`secrets: keeping ${file}`);
} else {
  const secrets = { ...freshSecrets(), DEV_IDP_COOKIE_KEYS: randomBytes(32).toString('hex') };
  // Hex and base64url only, so the shell that sources the file needs no quoting.
  const lines = Object.entries(secrets).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  if (process.getuid?.() === 0) chownSync(file, NODE_UID, NODE_UID);
  console.log(`secrets: generated ${Object.keys(secrets).join(', ')} in ${file}`);
}
