// @ts-check
// Small process / network helpers shared by the component modules.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Failure that carries the place to look at (a log file) so the CLI can print it. */
export class InfraError extends Error {
  /**
   * @param {string} message
   * @param {{ log?: string, cause?: unknown }} [details]
   */
  constructor(message, { log, cause } = {}) {
    super(message, { cause });
    this.log = log;
  }
}

/**
 * Runs a command to completion and collects its output (no shell, so paths with spaces are safe).
 * Rejects with the tail of stderr/stdout when it exits non-zero, unless `allowFail` is set.
 * @param {string} cmd
 * @param {string[]} [args]
 * @param {{ allowFail?: boolean, env?: NodeJS.ProcessEnv, cwd?: string, input?: string, timeoutMs?: number }} [options]
 */
export function run(cmd, args = [], { allowFail = false, env, cwd, input, timeoutMs } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: env ? { ...process.env, ...env } : process.env,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    // stdio is 'pipe' for these, so the streams exist.
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    if (input !== undefined) child.stdin?.end(input);
    const timer = timeoutMs && setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new InfraError(`cannot run ${cmd}: ${err.message}`, { cause: err }));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { code: code ?? 1, signal, stdout, stderr };
      if (code === 0 || allowFail) return resolve(result);
      const tail = (stderr.trim() || stdout.trim()).split('\n').slice(-15).join('\n');
      const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
      reject(new InfraError(`${[cmd, ...args].join(' ')} ${how}${tail ? `:\n${tail}` : ''}`));
    });
  });
}

/** Absolute path of an executable on PATH (or the given absolute path if it exists), else null. */
export function which(bin) {
  if (bin.includes('/')) return isExecutable(bin) ? bin : null;
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir || '.', bin);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** True when something accepts TCP connections on host:port. */
export function isPortOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Polls `check` until it returns a truthy value or the timeout passes.
 * `abort` (optional) is polled too: when it returns a message (e.g. "process exited") we stop early.
 */
export async function waitFor(check, options = {}) {
  const { timeoutMs = 30_000, intervalMs = 200, what = 'condition', abort, log } = options;
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      lastError = err;
    }
    const reason = abort && (await abort());
    if (reason) throw new InfraError(`${what}: ${reason}`, { log });
    if (Date.now() > deadline) {
      const detail = lastError ? ` (last error: ${lastError.message})` : '';
      throw new InfraError(`${what}: not ready after ${Math.round(timeoutMs / 1000)}s${detail}`, { log });
    }
    await sleep(intervalMs);
  }
}

/**
 * Last lines of a log file, for error messages; empty string when unreadable. Java stack frames
 * ("at ...", "... 6 more") are skipped so the exception messages and their causes fit.
 */
export function tailFile(file, lines = 20) {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .filter((line) => !/^\s+(at |\.\.\. \d+ more)/.test(line))
      .slice(-lines)
      .join('\n');
  } catch {
    return '';
  }
}

/** True while a process with this pid exists (signal 0 checks without signalling). */
export function isAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  // A zombie (exited, not yet reaped, e.g. under a container init that never reaps) counts as dead.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export function readPid(file) {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isFinite(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Command line of a running process (Linux /proc), or '' when unknown. */
export function cmdlineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}
