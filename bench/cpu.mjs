// @ts-check
// CPU time of processes, from /proc (Linux): what each process of the stack spent during a run, so a
// benchmark shows where the time goes. A process counts with its descendants (Postgres' backends are
// children of the postmaster): live ones through their own /proc entries, exited ones through the
// parent's cutime/cstime, which the kernel adds to once the parent has reaped them.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** Clock ticks a second, the unit of /proc/<pid>/stat's times (100 on every Linux we run on). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** @param {number} pid @returns {{ ppid: number, ticks: number } | null} */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: count fields from the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid) and 14–17 (utime, stime, cutime, cstime) of proc(5), here from field 3 on.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return { ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime };
  } catch {
    return null; // exited
  }
}

/** Every live process's parent, read once per sample. */
function parents() {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const info = stat(pid);
    if (info) children.set(info.ppid, [...(children.get(info.ppid) ?? []), pid]);
  }
  return children;
}

/** CPU seconds used so far by `pid` and its descendants. */
function treeSeconds(/** @type {number} */ pid, /** @type {Map<number, number[]>} */ children) {
  let ticks = stat(pid)?.ticks ?? 0;
  const pending = [...(children.get(pid) ?? [])];
  while (pending.length) {
    const child = /** @type {number} */ (pending.pop());
    ticks += stat(child)?.ticks ?? 0;
    pending.push(...(children.get(child) ?? []));
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * The process listening on 127.0.0.1:`port` (or on any address), found through its socket's inode:
 * works for Postgres and Redis whichever checkout started them. Null when not found or not ours to
 * read (another user's process, without root).
 * @param {number} port
 */
export function pidListeningOn(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines = [];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      if (state === '0A' && local.endsWith(`:${hexPort}`)) inodes.add(`socket:[${inode}]`);
    }
  }
  const holders = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fds = readdirSync(`/proc/${entry}/fd`);
      if (fds.some((fd) => inodes.has(safeReadlink(`/proc/${entry}/fd/${fd}`)))) holders.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  // A forking server's children may keep the socket: the one whose parent does not hold it.
  return holders.find((pid) => !holders.includes(stat(pid)?.ppid ?? -1)) ?? null;
}

/** @param {string} link */
function safeReadlink(link) {
  try {
    return readlinkSync(link);
  } catch {
    return '';
  }
}

/** Name of the figure for this process itself (the load generator), without its children. */
export const LOAD_GENERATOR = 'load generator';
/** Name of the figure for every process on the machine: what the named ones leave is others' load. */
export const MACHINE = 'whole machine';

/** CPU seconds the machine has been busy (all cores, anything but idle and iowait), from /proc/stat. */
function machineSeconds() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/**
 * Starts measuring the CPU of named groups of processes (an empty group is shown as unknown), of
 * this process (LOAD_GENERATOR) and of the whole machine (MACHINE); `stop()` returns each one's share of one core over the interval
 * (1 = one core busy the whole time).
 * @param {Record<string, number[]>} groups
 */
export function cpuMeter(groups) {
  const sample = () => {
    const children = parents();
    const { user, system } = process.cpuUsage();
    return {
      ...Object.fromEntries(
        Object.entries(groups).map(([name, pids]) => [
          name,
          pids.length ? pids.reduce((sum, pid) => sum + treeSeconds(pid, children), 0) : null,
        ]),
      ),
      [LOAD_GENERATOR]: (user + system) / 1e6,
      [MACHINE]: machineSeconds(),
    };
  };
  const before = sample();
  const started = performance.now();
  return {
    /** @returns {Record<string, number | null>} */
    stop() {
      const after = sample();
      const seconds = (performance.now() - started) / 1000;
      return Object.fromEntries(
        Object.entries(after).map(([name, used]) => {
          const was = before[name];
          return [name, used === null || was === null ? null : (used - was) / seconds];
        }),
      );
    },
  };
}
