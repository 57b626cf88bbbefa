// @ts-check
// Child processes of the stack: each writes its log to a file; we wait for its readiness URL and
// show the tail of its log if it dies or never becomes ready.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INFRA_DIR, REPO_ROOT } from '../infra/config.mjs';

const READY_TIMEOUT_MS = 90_000;

function tail(file, lines = 25) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export function logDir(profile) {
  const dir = path.join(INFRA_DIR, 'logs', profile);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Starts one process; resolves with a handle once `readyUrl` answers 2xx. */
export async function startProcess(
  spec,
  { profile, onProgress = /** @type {(detail: string) => void} */ (() => {}) },
) {
  const logFile = path.join(logDir(profile), `${spec.name}.log`);
  const log = createWriteStream(logFile, { flags: 'w' });
  const child = spawn(spec.command[0], spec.command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  /** Set by the exit handler; a holder, so the checker sees it change inside the loop. */
  /** @type {{ exited: { code: number | null, signal: NodeJS.Signals | null } | null }} */
  const status = { exited: null };
  child.on('exit', (code, signal) => (status.exited = { code, signal }));
  let stopAsked = false;
  /** Resolves if the process ends without `stop()`: it crashed, or was killed from outside. */
  const unexpectedExit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopAsked) resolve({ how: code ?? signal });
    }),
  );

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const { exited } = status;
    if (exited) {
      throw new Error(
        `${spec.name} exited (${exited.code ?? exited.signal}) before it was ready. Log ${logFile}:\n${tail(logFile)}`,
      );
    }
    // Bounded, so a probe that never answers cannot outlast READY_TIMEOUT_MS.
    const response = await fetch(spec.readyUrl, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
    if (response?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(
        `${spec.name} not ready after ${READY_TIMEOUT_MS / 1000}s (${spec.readyUrl}). Log ${logFile}:\n${tail(logFile)}`,
      );
    }
    onProgress(response ? `waiting (${response.status})` : 'starting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    name: spec.name,
    logFile,
    child,
    unexpectedExit,
    async stop() {
      stopAsked = true;
      if (status.exited) return;
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await done;
      clearTimeout(timer);
    },
  };
}
