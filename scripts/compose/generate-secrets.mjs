#!/usr/bin/env node
// @ts-check
// The `secrets` service of docker-compose.yml: makes the stack's secrets once, on its first start, into
// env files that the application containers read at start (their entrypoint sources them). Nothing
// secret is written in docker-compose.yml; `docker compose down --volumes` throws the secrets away with
// the data, and the next start makes new ones.
//
// Two files, on two volumes: the shared one every application container mounts, and the gateway's,
// which holds the private key that signs identity tokens and which only the gateway mounts (the
// services get the public key, so a compromised service can't mint identities).
//
//   node scripts/compose/generate-secrets.mjs <shared env file> <gateway env file>
//   (keeps both when both exist; makes both anew otherwise, so they always hold one key pair)
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import { freshSecrets } from '../stack/profiles.mjs';

/** The image's unprivileged `node` user, which runs every application container. */
const NODE_UID = 1000;

const [sharedFile, gatewayFile] = process.argv.slice(2);
if (!sharedFile || !gatewayFile) {
  console.error('usage: generate-secrets.mjs <shared env file> <gateway env file>');
  process.exit(2);
}

/** Hex, base64 and base64url only, so the shell that sources the file needs no quoting. */
function write(file, secrets) {
  const lines = Object.entries(secrets).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  if (process.getuid?.() === 0) chownSync(file, NODE_UID, NODE_UID);
  console.log(`secrets: generated ${Object.keys(secrets).join(', ')} in ${file}`);
}

if (existsSync(sharedFile) && existsSync(gatewayFile)) {
  console.log(`secrets: keeping ${sharedFile} and ${gatewayFile}`);
} else {
  // The stack scripts' role secret: compose's roles are made by scripts/infra/docker/postgres-init.sql.
  const {
    IDENTITY_PRIVATE_KEY,
    DATABASE_ROLE_SECRET: _roles,
    ...shared
  } = {
    ...freshSecrets(),
    DEV_IDP_COOKIE_KEYS: randomBytes(32).toString('hex'),
  };
  write(sharedFile, shared);
  write(gatewayFile, { IDENTITY_PRIVATE_KEY });
}
