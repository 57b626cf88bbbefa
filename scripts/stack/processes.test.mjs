// @ts-check
// The stack's child processes: started, watched, and told apart when they end on their own.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { startProcess } from './processes.mjs';

/** A port nothing listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** A process that answers HTTP on `port` until it is stopped. */
async function startProbe() {
  const port = await freePort();
  const serve = `require('node:http').createServer((_, res) => res.end('ok')).listen(${port}, '127.0.0.1')`;
  return startProcess(
    {
      name: 'probe',
      command: [process.execPath, '-e', serve],
      env: {},
      readyUrl: `http://127.0.0.1:${port}/`,
    },
    { profile: 'node-test' },
  );
}

/** What `promise` has settled to by the time a macrotask has run, or 'pending'. */
const settledSoon = (/** @type {Promise<unknown>} */ promise) =>
  Promise.race([promise, new Promise((resolve) => setImmediate(() => resolve('pending')))]);

test('a process that ends without stop() is reported, with how it ended', async (t) => {
  const probe = await startProbe();
  t.after(() => probe.stop());
  probe.child.kill('SIGKILL');
  assert.deepEqual(await probe.unexpectedExit, { how: 'SIGKILL' });
});

test('a process ended by stop() is not reported', async () => {
  const probe = await startProbe();
  await probe.stop();
  assert.equal(probe.child.exitCode ?? probe.child.signalCode, 'SIGTERM');
  assert.equal(await settledSoon(probe.unexpectedExit), 'pending');
});
