// @ts-check
// PostgreSQL: our own cluster (initdb) inside .infra/postgres, started with pg_ctl, so it never touches
// the machine's own Postgres service or /var/run. Listens on 127.0.0.1:55432 only. Every function takes
// the cluster (config.mjs: POSTGRES, the default, or OUTAGE_POSTGRES, the freeze test's own).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HOST, POSTGRES, REPO_ROOT } from './config.mjs';
import { InfraError, isRoot, readPid, run, waitFor } from './exec.mjs';

/** @typedef {{ port: number, user: string, password: string, databases: string[], dir: string }} PostgresInstance */

/** Newest /usr/lib/postgresql/<major>/bin (or the one matching an existing cluster), null if none. */
export function pgBinDir(major) {
  const root = '/usr/lib/postgresql';
  let versions = [];
  try {
    versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')));
  } catch {
    return null;
  }
  if (major && versions.includes(major)) return path.join(root, major, 'bin');
  versions.sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

export const postgresPackages = [{ name: 'postgres', pkg: 'postgresql', present: () => Boolean(pgBinDir()) }];

const hash = (s) => crypto.createHash('sha1').update(s).digest('hex').slice(0, 8);

/**
 * Where the cluster lives. Normally .infra/postgres; two fallbacks exist because of how Postgres runs:
 * - as root we must run the server as the `postgres` user, which cannot reach a repo checked out under
 *   a private folder (e.g. /root): then the cluster goes to /var/tmp/daybreak-<hash>/postgres;
 * - a Unix socket path is limited to 107 bytes: a deep checkout puts the socket in /tmp instead.
 */
export function pgPaths(instance = POSTGRES) {
  let base = instance.dir;
  if (isRoot() && !othersCanTraverse(path.dirname(base))) {
    base = path.join('/var/tmp', `daybreak-${hash(REPO_ROOT)}`, path.basename(instance.dir));
  }
  let run = path.join(base, 'run');
  // Another cluster of this checkout (OUTAGE_POSTGRES) gets a folder of its own there.
  const suffix = instance === POSTGRES ? '' : `-${instance.port}`;
  if (`${run}/.s.PGSQL.${instance.port}`.length > 100)
    run = path.join('/tmp', `daybreak-pg-${hash(REPO_ROOT)}${suffix}`);
  return { base, data: path.join(base, 'data'), run, log: path.join(base, 'postgres.log') };
}

function othersCanTraverse(dir) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    try {
      if (!(fs.statSync(d).mode & 0o001)) return false;
    } catch {
      // does not exist yet: we create it with mode 0755
    }
    if (d === path.dirname(d)) return true;
  }
}

// Postgres refuses to run as root, so as root every server-side binary runs as `postgres`.
function asPg(instance, bin, args, opts = {}) {
  const { base } = pgPaths(instance);
  if (!isRoot()) return run(bin, args, { cwd: base, ...opts });
  return run('runuser', ['-u', 'postgres', '--', bin, ...args], { cwd: base, ...opts });
}

async function chownToPg(...dirs) {
  if (isRoot()) await run('chown', ['postgres:postgres', ...dirs]);
}

/** True when a server accepts connections on 127.0.0.1:55432 (ours or anyone's). */
export async function postgresReady(instance = POSTGRES) {
  const bin = pgBinDir();
  if (!bin) return false;
  const args = ['-q', '-h', HOST, '-p', String(instance.port)];
  const { code } = await run(path.join(bin, 'pg_isready'), args, {
    allowFail: true,
    timeoutMs: 5000,
  });
  return code === 0;
}

/** Runs SQL as the daybreak superuser over TCP (works for our cluster and for the docker one). */
async function psql(instance, sql, db = 'postgres') {
  const bin = /** @type {string} installed before any SQL runs */ (pgBinDir());
  const connection = ['-h', HOST, '-p', String(instance.port), '-U', instance.user, '-d', db];
  const args = ['-X', '-q', '-tA', '-v', 'ON_ERROR_STOP=1', ...connection, '-c', sql];
  const env = { PGPASSWORD: instance.password, PGCONNECT_TIMEOUT: '5' };
  const { stdout } = await run(path.join(bin, 'psql'), args, { env });
  return stdout.trim();
}

/** Creates the dev and test databases when missing (idempotent, cheap on a warm run). */
export async function ensureDatabases(instance = POSTGRES) {
  const existing = new Set((await psql(instance, 'SELECT datname FROM pg_database')).split('\n'));
  const created = [];
  for (const db of instance.databases) {
    if (existing.has(db)) continue;
    await psql(instance, `CREATE DATABASE "${db}"`);
    created.push(db);
  }
  return created;
}

// Settings are rewritten on every start (included from postgresql.conf), so changing them here takes
// effect on the next start without re-initialising the cluster.
function writeConfig(instance, paths) {
  const q = (s) => `'${String(s).replaceAll("'", "''")}'`;
  const conf = [
    '# Written by scripts/infra/postgres.mjs on every start; edit that file, not this one.',
    `listen_addresses = ${q(HOST)}`, // never reachable from other machines
    `port = ${instance.port}`,
    `unix_socket_directories = ${q(paths.run)}`, // not /var/run/postgresql: that belongs to the system cluster
    'max_connections = 200', // six services with pools + parallel test workers
    // Dev/test speed: a crash of this throwaway cluster may lose the last transactions, which is fine
    // here and never acceptable in production.
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'log_min_messages = warning',
    "log_line_prefix = '%m [%p] '",
  ].join('\n');
  fs.writeFileSync(path.join(paths.data, 'daybreak.conf'), `${conf}\n`);
  const main = path.join(paths.data, 'postgresql.conf');
  const include = "include_if_exists = 'daybreak.conf'";
  if (!fs.readFileSync(main, 'utf8').includes(include)) fs.appendFileSync(main, `\n${include}\n`);
}

async function initCluster(instance, bin, paths, update) {
  update('initdb');
  // A data folder without PG_VERSION is the leftover of an interrupted initdb: start over.
  fs.rmSync(paths.data, { recursive: true, force: true });
  const pwfile = path.join(paths.base, '.pwfile');
  fs.writeFileSync(pwfile, `${instance.password}\n`, { mode: 0o600 });
  await chownToPg(pwfile);
  try {
    await asPg(instance, path.join(bin, 'initdb'), [
      `--pgdata=${paths.data}`,
      `--username=${instance.user}`, // the bootstrap superuser is `daybreak` itself
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256', // TCP needs the password
      '--auth-local=trust', // our private socket folder: only local tools use it
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-instructions',
    ]);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** Starts (or reuses) the cluster and makes sure its databases exist. Resolves to a summary. */
export async function startPostgres(
  update = /** @type {(detail: string) => void} */ (() => {}),
  instance = POSTGRES,
) {
  const { port } = instance;
  if (await postgresReady(instance)) {
    const created = await ensureDatabases(instance);
    return `reused on ${HOST}:${port}${created.length ? `, created ${created.join(', ')}` : ''}`;
  }
  const paths = pgPaths(instance);
  fs.mkdirSync(paths.run, { recursive: true, mode: 0o755 });
  await chownToPg(paths.base, paths.run);

  const versionFile = path.join(paths.data, 'PG_VERSION');
  const initialised = fs.existsSync(versionFile);
  const bin = pgBinDir(initialised ? fs.readFileSync(versionFile, 'utf8').trim() : undefined);
  if (!bin) throw new InfraError('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  if (!initialised) await initCluster(instance, bin, paths, update);
  writeConfig(instance, paths);
  if (isRoot()) await run('chown', ['-R', 'postgres:postgres', paths.data]);

  update('pg_ctl start');
  try {
    const wait = ['-w', '-t', '60', '-s']; // -w: return once it accepts connections; -s: quiet
    await asPg(instance, path.join(bin, 'pg_ctl'), ['start', '-D', paths.data, '-l', paths.log, ...wait]);
  } catch (err) {
    throw new InfraError(`postgres did not start: ${err.message}`, { log: paths.log });
  }
  const ready = () => postgresReady(instance);
  await waitFor(ready, { what: 'postgres', timeoutMs: 30_000, log: paths.log });
  update('creating databases');
  await ensureDatabases(instance);
  return `${initialised ? 'started' : 'created and started'} on ${HOST}:${port}`;
}

/** Fast shutdown of our cluster; leaves a server we did not start alone. */
export async function stopPostgres(instance = POSTGRES) {
  const paths = pgPaths(instance);
  if (!fs.existsSync(path.join(paths.data, 'postmaster.pid'))) {
    return (await postgresReady(instance))
      ? `left running (not started from ${paths.data})`
      : 'was not running';
  }
  // The cluster exists, so its binaries do.
  const bin = /** @type {string} */ (
    pgBinDir(fs.readFileSync(path.join(paths.data, 'PG_VERSION'), 'utf8').trim())
  );
  const args = ['stop', '-D', paths.data, '-m', 'fast', '-w', '-t', '60', '-s'];
  const { code, stderr } = await asPg(instance, path.join(bin, 'pg_ctl'), args, { allowFail: true });
  // pg_ctl exits 1 for a stale pid file (server already gone): that is "stopped" too.
  if (code !== 0 && (await postgresReady(instance))) {
    throw new InfraError(`pg_ctl stop failed: ${stderr.trim()}`, { log: paths.log });
  }
  return 'stopped';
}

/** The pids of a process's direct children (Postgres' backends and workers are the postmaster's). */
function childrenOf(parent) {
  const children = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (2nd field) is in parentheses and may hold spaces: the ppid follows its end.
      const stat = fs.readFileSync(path.join('/proc', entry, 'stat'), 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children;
}

/**
 * Freezes (SIGSTOP) or wakes (SIGCONT) every process of a cluster we started: a Postgres that hangs,
 * as a stopped VM or a stuck disk makes it, rather than one that refuses connections. The postmaster
 * first, so that it forks no new backend while its children are being stopped; the kernel still
 * accepts new TCP connections into its backlog, which then wait for an answer that never comes.
 * Resolves to how many processes were signalled.
 * @param {PostgresInstance} instance
 * @param {'SIGSTOP' | 'SIGCONT'} signal
 */
export function signalPostgres(instance, signal) {
  const postmaster = readPid(path.join(pgPaths(instance).data, 'postmaster.pid'));
  if (postmaster === null) throw new InfraError(`no postmaster.pid in ${pgPaths(instance).data}`);
  process.kill(postmaster, signal);
  let signalled = 1;
  for (const pid of childrenOf(postmaster)) {
    try {
      process.kill(pid, signal);
      signalled += 1;
    } catch (error) {
      // A backend woken by the postmaster's SIGCONT may exit (its client gone) before it is reached.
      if (error.code !== 'ESRCH') throw error;
    }
  }
  return signalled;
}
