#!/usr/bin/env node
// @ts-check
// The demo data (scripts/lib/seed.mjs) for a stack `npm start` did not start, e.g. a test's own:
//   node scripts/seed-demo.mjs <target.json>
// where target.json is { "name": profile name, "issuer": identity provider URL, "env": { service: env } }.
import { readFileSync } from 'node:fs';
import { runDemoSeeds } from './lib/seed.mjs';

const [targetFile] = process.argv.slice(2);
if (!targetFile) throw new Error('usage: seed-demo.mjs <target.json>');
const { name, issuer, env } = JSON.parse(readFileSync(targetFile, 'utf8'));
await runDemoSeeds({ name, issuer, envOf: (service) => env[service] }, (step) =>
  console.log(`seeding ${step}`),
);
