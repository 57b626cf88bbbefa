// @ts-check
// Run: node --test scripts/conventions/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handWrittenSetup, handWrittenSetups } from './service-setup.mjs';

const spec = (body) => `
import { disconnectTestProducer, serviceUnderTest, startTestService } from '@daybreak/testing';

describe('a service', () => {
${body}
});`;
const found = (body) =>
  handWrittenSetup('a.int-spec.ts', spec(body)).map(({ line, found }) => `${line}: ${found}`);

test('a service started by serviceUnderTest, and one started and stopped inside a test, are fine', () => {
  assert.deepEqual(
    found(`
  const service = serviceUnderTest(() => startTestService('posts', module, { consumes: true }));
  it('restarts', async () => {
    const other = await startTestService('posts', module, { keepSchema: true });
    try {
      await request(other.url).get('/posts');
    } finally {
      await other.app.close();
    }
  });`),
    [],
  );
});

test('finds a service stopped by hand after the tests, and the test producer stopped by hand', () => {
  assert.deepEqual(
    found(`
  let service: RunningService;
  beforeAll(async () => {
    service = await startTestService('posts', module, { consumes: true });
  });
  afterAll(async () => {
    await disconnectTestProducer();
    await service?.app.close();
  });`),
    ['11: the test producer stopped by hand', "12: a service's app closed in afterAll"],
  );
  assert.deepEqual(found(`  afterAll(() => Promise.all([first?.app.close(), second?.app.close()]));`), [
    "5: a service's app closed in afterAll",
    "5: a service's app closed in afterAll",
  ]);
});

test("no test file writes a service's setup by hand", () => {
  assert.deepEqual(
    handWrittenSetups().map(({ file, line, found }) => `${file}:${line}: ${found}`),
    [],
    "Start the service with serviceUnderTest (libs/testing) or the service's own starter in test/*-under-test.ts",
  );
});
