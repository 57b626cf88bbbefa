#!/usr/bin/env node
// @ts-check
// The `secrets` service of docker-compose.yml: makes the stack's secrets once, on its first start, into
// env files that the application containers read at start (their entrypoint sources them). Nothing
// secret is written in docker-compose.yml; `docker compose down --volumes` throws the secrets away with
// the data, and the next start makes new ones.
//
// One file per group of containers, each on a volume that only those containers mount, so each gets
// the secrets it needs and no other (docs/operations.md, "Threat model"):
//   services  every service: the identity public key (verifies tokens, can't make one) and the
//             Kafka password (SASL/SCRAM; the `kafka-users` job registers it with the broker)
//   gateway   the identity private key (signs identity tokens), the session secret, the OIDC client secret
//   push      the notifications service's VAPID key pair (signs web push messages)
//   idp       the dev provider's OIDC client secret and cookie keys
//
//   node scripts/compose/generate-secrets.mjs <services file> <gateway file> <push file> <idp file>
//   (keeps them all when they all exist; makes them all anew otherwise, so they always agree)
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, writeFileSync } from 'node:fs';
import { freshSecrets } from '../stack/profiles.mjs';

/** The image's unprivileged `node` user, which runs every application container. */
const NODE_UID = 1000;

const files = process.argv.slice(2);
if (files.length !== 4) {
  console.error('usage: generate-secrets.mjs <services file> <gateway file> <push file> <idp file>');
  process.exit(2);
}
const [servicesFile, gatewayFile, pushFile, idpFile] = files;

/** Hex, base64 and base64url only, so the shell that sources the file needs no quoting. */
function write(file, secrets) {
  const lines = Object.entries(secrets).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  if (process.getuid?.() === 0) chownSync(file, NODE_UID, NODE_UID);
  console.log(`secrets: generated ${Object.keys(secrets).join(', ')} in ${file}`);
}

if (files.every((file) => existsSync(file))) {
  console.log(`secrets: keeping ${files.join(', ')}`);
} else {
  // DATABASE_ROLE_SECRET is the stack scripts' (compose's roles come from scripts/infra/docker).
  const secrets = freshSecrets();
  write(servicesFile, {
    IDENTITY_PUBLIC_KEY: secrets.IDENTITY_PUBLIC_KEY,
    KAFKA_SASL_PASSWORD: randomBytes(32).toString('hex'),
  });
  write(gatewayFile, {
    IDENTITY_PRIVATE_KEY: secrets.IDENTITY_PRIVATE_KEY,
    SESSION_SECRET: secrets.SESSION_SECRET,
    OIDC_CLIENT_SECRET: secrets.OIDC_CLIENT_SECRET,
  });
  write(pushFile, {
    VAPID_PUBLIC_KEY: secrets.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: secrets.VAPID_PRIVATE_KEY,
  });
  write(idpFile, {
    OIDC_CLIENT_SECRET: secrets.OIDC_CLIENT_SECRET,
    DEV_IDP_COOKIE_KEYS: randomBytes(32).toString('hex'),
  });
}
