// @ts-check
// Runs the whole product: the dev identity provider, every service, and the gateway (which serves
// the built SPA), against infrastructure that is already up. Used by `npm start` and by the tests.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startProcess } from './processes.mjs';
import { resolveProfile } from './profiles.mjs';

/**
 * pg is loaded on first use, not at import: `npm start` and `npm test` import this module before
 * their first step has installed the npm dependencies of a fresh clone.
 */
async function pgClient(connectionString) {
  const { default: pg } = await import('pg');
  return new pg.Client({ connectionString });
}

async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = await pgClient(url.toString());
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** Drops every service schema: the e2e stack starts from nothing each run. */
async function resetDatabase(databaseUrl, schemas) {
  const client = await pgClient(databaseUrl);
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/**
 * Makes each service's own Postgres role, which can use only its own schema (ARCHITECTURE §4), with
 * the name and password of the service's DATABASE_URL (profiles.mjs). The statements are
 * libs/database's, built before any stack starts.
 */
async function provisionServiceRoles(profile) {
  const { provisionServiceRole } = createRequire(import.meta.url)('../../libs/database/dist/service-role.js');
  for (const service of profile.services) {
    const password = decodeURIComponent(new URL(service.env.DATABASE_URL).password);
    const url = await provisionServiceRole(profile.env.DATABASE_URL, service.name, password);
    if (url !== service.env.DATABASE_URL)
      throw new Error(`${service.name}: the role made (${new URL(url).username}) is not the one configured`);
  }
}

/**
 * Starts the stack of a profile (`dev` or `e2e`) and resolves once the gateway is ready.
 * Returns the URL to open, the resolved profile, `stop()` and `whenOneExits()`.
 * `only` (service names) starts just those services, without the identity provider and the gateway.
 */
export async function startStack({
  profile: profileName,
  infraEnv,
  progress,
  fresh = false,
  only = /** @type {string[] | undefined} */ (undefined),
}) {
  const profile = resolveProfile(profileName, infraEnv);
  const services = only
    ? profile.services.filter((service) => only.includes(service.name))
    : profile.services;
  const started = [];
  const stop = async () => {
    await Promise.all(
      started
        .splice(0)
        .reverse()
        .map((process) => process.stop()),
    );
  };
  try {
    // A fresh stack's trace file holds only its own spans.
    if (fresh && profile.tracesFile) rmSync(profile.tracesFile, { force: true });
    await progress.step('database', async () => {
      await ensureDatabase(profile.env.DATABASE_URL);
      if (fresh)
        await resetDatabase(
          profile.env.DATABASE_URL,
          profile.services.map((service) => service.name),
        );
      await provisionServiceRoles(profile);
      return profile.databaseName;
    });
    const launch = (spec) =>
      progress.step(spec.name, async (update) => {
        started.push(await startProcess(spec, { profile: profile.name, onProgress: update }));
        return `ready (${new URL(spec.readyUrl).host})`;
      });
    await Promise.all([...(only ? [] : [launch(profile.idp)]), ...services.map(launch)]);
    if (!only) await launch(profile.gateway);
  } catch (error) {
    await stop();
    throw error;
  }
  /** The pid of one of the stack's processes, e.g. to read its CPU time. */
  const pid = (/** @type {string} */ name) =>
    started.find((process) => process.name === name)?.child.pid ?? null;
  /**
   * Resolves when one of the stack's processes ends without `stop()` (a crash, or killed from
   * outside): the others go on without it.
   */
  const whenOneExits = () =>
    Promise.race(
      started.map(({ name, logFile, unexpectedExit }) =>
        unexpectedExit.then(({ how }) => ({ name, logFile, how })),
      ),
    );
  return { url: profile.publicUrl, profile, stop, pid, whenOneExits };
}
