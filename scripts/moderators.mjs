#!/usr/bin/env node
// @ts-check
// Grants and revokes the moderator role on a running system (issue 42; docs/adr/0025).
//
//   npm run moderators -- grant <e-mail>     the member moderates from their next sign-in
//   npm run moderators -- revoke <e-mail>    refused from their very next request
//   npm run moderators -- list               the e-mails granted here (DAYBREAK_MODERATORS not included)
//
// The role lives where the gateway's sign-in reads it: DAYBREAK_MODERATORS (the environment) and a
// Redis set, `moderators`, in the gateway's Redis, which this script edits. REDIS_URL says which
// Redis (with its database, e.g. redis://:password@host:6379/0); by default the dev stack's (`npm start`).
// A revocation here does not undo DAYBREAK_MODERATORS: remove the address there too.
import { Redis } from 'ioredis';
import { connectionEnv } from './infra/config.mjs';
import { resolveProfile } from './stack/profiles.mjs';

const MODERATORS_KEY = 'moderators'; // services/gateway/src/auth/moderators.ts
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function usage() {
  return 'usage: npm run moderators -- grant <e-mail> | revoke <e-mail> | list';
}

async function main() {
  const [command, address] = process.argv.slice(2);
  const email = address?.trim().toLowerCase();
  if (command !== 'list' && (!['grant', 'revoke'].includes(command) || !email || !EMAIL.test(email)))
    throw new Error(usage());
  const url = process.env.REDIS_URL ?? resolveProfile('dev', connectionEnv()).env.REDIS_URL;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    if (command === 'grant') {
      await redis.sadd(MODERATORS_KEY, email);
      console.log(`${email} is a moderator from their next sign-in.`);
    } else if (command === 'revoke') {
      const removed = await redis.srem(MODERATORS_KEY, email);
      console.log(removed ? `${email} is no longer a moderator.` : `${email} was not granted here.`);
    } else {
      const members = (await redis.smembers(MODERATORS_KEY)).sort();
      console.log(members.length ? members.join('\n') : '(none granted here)');
    }
  } finally {
    redis.disconnect();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
