// @ts-check
// Run: node --test scripts/security/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scan } from './secret-scan.mjs';

/** Scans one made-up file with `content` and returns the kinds found. */
const kinds = (content, file = 'example.ts') => scan([file], () => content).map((finding) => finding.kind);

test('finds well-known credential formats', () => {
  assert.deepEqual(kinds(`-----BEGIN ${'RSA PRIVATE'} KEY-----`), ['private key']);
  assert.deepEqual(kinds(`const id = '${'AKIA'}${'Z7QW3ERT5YUI2OPL'}';`), ['AWS access key id']);
  assert.deepEqual(kinds(`token: ${'ghp_'}${'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'}`), ['GitHub token']);
  assert.deepEqual(kinds(`DATABASE_URL=postgres://app:${'Xk39vLq0Zr2pWm'}@db.internal/app`), [
    'URL with a password',
  ]);
});

test('finds random-looking values given to secret-named variables (the old compose file’s)', () => {
  assert.deepEqual(
    kinds(`  VAPID_PRIVATE_KEY: ${'yv4roxhj1osvD5yIMjwV3'}${'VRCN0QbijDgzXyBIkzkWSQ'}`, 'compose.yml'),
    ['random-looking value of a secret-named variable'],
  );
  assert.deepEqual(kinds(`SESSION_SECRET="${'9f65b8b6ece3107a'}${'0d5c2e44b1f9a6c3'}"`), [
    'random-looking value of a secret-named variable',
  ]);
});

test('leaves code, words and variables alone', () => {
  assert.deepEqual(
    kinds(
      [
        'secret: config.SESSION_SECRET,',
        "SESSION_SECRET: randomBytes(32).toString('hex'),",
        'OIDC_CLIENT_SECRET: ${{ secrets.CLIENT_SECRET }}',
        "password: 'correct-horse-battery-staple'",
        'DATABASE_URL=postgres://daybreak:daybreak@127.0.0.1:55432/daybreak',
      ].join('\n'),
    ),
    [],
  );
});

test('allows listed values only in their own file', () => {
  // Split so that this file itself holds no secret-looking assignment.
  const testSecret = `const SESSION_SECRET = '${'dev-only-session-'}${'secret-change-me-0123456789'}';`;
  assert.deepEqual(kinds(testSecret, 'services/gateway/src/config.spec.ts'), []);
  assert.deepEqual(kinds(testSecret, 'services/posts/src/config.ts'), [
    'random-looking value of a secret-named variable',
  ]);
});
