#!/usr/bin/env node
// Runs some services of a stack profile, from an empty database, until its stdin closes (or SIGTERM).
// For a test that needs services of its own, e.g. the outbox outage test: posts and streaks on the
// outage broker. Infrastructure must be up; KAFKA_BROKERS comes from --brokers (default: the shared
// broker), REDIS_URL from --redis (default: the shared Redis, the profile's db) and the Postgres from
// --database (a superuser's URL; default: the shared Postgres, the profile's database in either).
//   node scripts/stack/serve.mjs --profile outage --services posts,streaks --brokers 127.0.0.1:19092
// Prints one JSON line once every service is ready: {"urls":{"posts":"http://…"},"identityPrivateKey":"…",
// "processes":{…}}, where `processes` holds every process of this profile (each service, `gateway` and
// `dev-idp`) with its command, environment and readiness URL, so a test can run (and kill) processes of
// its own next to these, e.g. a second notifications worker, or a whole stack it stops a part of
// (`--services ''` starts none and only empties the database).
// Closing stdin is the stop signal, so the services also go when the test runner dies.
import { parseArgs } from 'node:util';
import { connectionEnv } from '../infra/config.mjs';
import { createProgress } from '../infra/progress.mjs';
import { startStack } from './stack.mjs';

const { values } = parseArgs({
  options: {
    profile: { type: 'string' },
    services: { type: 'string' },
    brokers: { type: 'string' },
    redis: { type: 'string' },
    database: { type: 'string' },
  },
});
if (!values.profile || values.services === undefined) {
  console.error(
    'usage: serve.mjs --profile <name> --services <a,b> [--brokers <host:port>] [--redis <url>] [--database <url>]',
  );
  process.exit(2);
}

const only = values.services.split(',').filter(Boolean);
const infraEnv = connectionEnv();
const stack = await startStack({
  profile: values.profile,
  infraEnv: {
    ...infraEnv,
    KAFKA_BROKERS: values.brokers ?? infraEnv.KAFKA_BROKERS,
    REDIS_URL: values.redis ?? infraEnv.REDIS_URL,
    DATABASE_URL: values.database ?? infraEnv.DATABASE_URL,
  },
  progress: createProgress({ quiet: true }),
  fresh: true,
  only,
});
const urls = Object.fromEntries(
  stack.profile.services
    .filter((service) => only.includes(service.name))
    .map((service) => [service.name, new URL(service.readyUrl).origin]),
);
const { services, gateway, idp } = stack.profile;
const processes = Object.fromEntries(
  [...services, gateway, idp].map(({ name, command, env, readyUrl }) => [name, { command, env, readyUrl }]),
);
console.log(
  JSON.stringify({ urls, identityPrivateKey: stack.profile.gateway.env.IDENTITY_PRIVATE_KEY, processes }),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.stdin.on('end', stop).on('close', stop).resume();
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
