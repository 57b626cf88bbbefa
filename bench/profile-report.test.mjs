// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeProfile } from './profile-report.mjs';

const frame = (/** @type {string} */ functionName, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

/** Root → a handler that calls the socket write; idle beside them. Times in µs. */
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('(idle)') },
    {
      id: 3,
      callFrame: frame('feed', 'file:///work/main/services/posts/dist/posts/posts.controller.js', 47),
    },
    { id: 4, callFrame: frame('writev') },
    { id: 5, callFrame: frame('send', 'file:///work/main/node_modules/fastify/lib/reply.js', 148) },
  ],
  // Each sample lasts until the next one: the gap after it (the last one's is unknown).
  samples: [3, 4, 4, 2, 5, 4, 2],
  timeDeltas: [0, 1000, 3000, 2000, 5000, 1000, 4000],
};

test('counts each function its own samples, without the idle ones', () => {
  const { busyMs, functions } = summarizeProfile(profile, 10);
  assert.equal(busyMs, 1 + 3 + 2 + 1 + 4);
  assert.deepEqual(
    functions.map(({ name, ms }) => [name, ms]),
    [
      ['writev', 3 + 2 + 4],
      ['feed services/posts/dist/posts/posts.controller.js:48', 1],
      ['send fastify/lib/reply.js:149', 1],
    ],
  );
  assert.equal(functions[0].share, 9 / 11);
});

test('gives the busiest functions only, as many as asked for', () => {
  assert.deepEqual(
    summarizeProfile(profile, 1).functions.map(({ name }) => name),
    ['writev'],
  );
});
