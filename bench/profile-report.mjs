// @ts-check
// BENCH_PROFILE=1 (bench/run.mjs): where each service spent its CPU during the bench, from the
// profiles bench/profile-preload.cjs wrote. For each service, its busy time and the functions that
// took the most of it themselves (self time): on this machine a feed page's answer spent 32–48 % of
// its process' busy time in the socket write (`writev`) alone.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { printTable } from './feed-report.mjs';

/**
 * The parts of a V8 CPU profile (.cpuprofile) read here.
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} CpuProfile
 * @typedef {{ busyMs: number, functions: { name: string, ms: number, share: number }[] }} ProfileSummary
 */

/** Where a function is, short: a package's path within node_modules, else the repository's path. */
function where(/** @type {string} */ url) {
  return url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/\/?.*?\/(services|libs)\//, '$1/');
}

/**
 * A profile's busy time and its `top` functions by self time. A sample's time is the gap to the
 * next sample (V8's `timeDeltas[i + 1]`); the idle ones are not busy time.
 * @param {CpuProfile} profile @param {number} top
 * @returns {ProfileSummary}
 */
export function summarizeProfile(profile, top) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const selfUs = new Map();
  let busyUs = 0;
  profile.samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') return;
    const us = profile.timeDeltas[index + 1] ?? 0;
    const name = frame.url
      ? `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`
      : frame.functionName;
    selfUs.set(name, (selfUs.get(name) ?? 0) + us);
    busyUs += us;
  });
  const functions = [...selfUs]
    .sort(([, a], [, b]) => b - a)
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: us / 1000, share: busyUs ? us / busyUs : 0 }));
  return { busyMs: busyUs / 1000, functions };
}

/** Prints, for each service profiled into `dir`, its busy time and its busiest functions. */
export function printProfiles(/** @type {string} */ dir, top = 12) {
  const files = readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'));
  if (files.length === 0) {
    console.log(`\nNo profiles in ${dir}: did the services exit normally?`);
    return;
  }
  for (const file of files.sort()) {
    const profile = /** @type {CpuProfile} */ (JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    const { busyMs, functions } = summarizeProfile(profile, top);
    console.log(`\n${file.replace(/\.cpuprofile$/, '')}: busy ${(busyMs / 1000).toFixed(1)} s`);
    printTable(
      ['self time', 'function'],
      functions.map(({ share, name }) => [`${(share * 100).toFixed(1)}%`, name]),
    );
  }
  console.log(
    `\nProfiles in ${path.relative(process.cwd(), dir)} (Chrome DevTools' Performance panel or speedscope open them).` +
      " Sampling costs CPU: a profiled run's throughput is not comparable with an unprofiled one.",
  );
}
