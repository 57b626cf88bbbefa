// @ts-check
// Loaded into every process the bench starts (`NODE_OPTIONS=--require`) when BENCH_PROFILE=1; in a
// service (services/<name>/dist/main.js) it samples the CPU with the inspector's profiler from a
// SIGUSR2 (the bench sends it once the stack is up, so that start-up is left out) to exit, and writes
// <name>-<pid>.cpuprofile into BENCH_PROFILE_DIR, for bench/profile-report.mjs, Chrome DevTools or
// speedscope. Node's own --cpu-prof is refused in NODE_OPTIONS, hence this. Other processes (the
// identity provider, the reference servers) are left alone.
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');
const path = require('node:path');

const service = /services\/([^/]+)\/dist\/main\.js$/.exec(process.argv[1] ?? '')?.[1];
const dir = process.env.BENCH_PROFILE_DIR;
/** Microseconds between samples: fine enough for a 10 s run, coarse enough to cost little. */
const SAMPLING_INTERVAL_US = 1000;

if (service && dir) process.once('SIGUSR2', () => profileUntilExit(service, dir));

/** @param {string} service @param {string} dir */
function profileUntilExit(service, dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  session.post('Profiler.start');
  // 'exit' runs synchronous code only; a session of this thread answers synchronously.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) console.error(`profile of ${service}: ${error.message}`);
      else
        writeFileSync(path.join(dir, `${service}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
