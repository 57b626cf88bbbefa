// @ts-check
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { auditVerdict } from './audit.mjs';

const report = (counts, vulnerabilities = {}) =>
  JSON.stringify({
    vulnerabilities,
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  });

test('passes with only low or moderate advisories', () => {
  const verdict = auditVerdict(report({ moderate: 2, total: 2 }));
  assert.equal(verdict.failed, false);
  assert.equal(verdict.unaudited, null);
  assert.equal(verdict.summary, '2 moderate');
});

test('fails on a high or critical advisory and names the package', () => {
  const verdict = auditVerdict(
    report({ high: 1, total: 1 }, { 'some-lib': { name: 'some-lib', severity: 'high', range: '<1.2.3' } }),
  );
  assert.equal(verdict.failed, true);
  assert.deepEqual(verdict.lines, ['high: some-lib <1.2.3']);
});

test('says when nothing was audited (the advisory service refused or was unreachable)', () => {
  const refused = auditVerdict(
    JSON.stringify({ message: '405 Method Not Allowed - POST …/advisories/bulk' }),
  );
  assert.equal(refused.failed, false);
  assert.match(refused.unaudited ?? '', /405/);
  assert.match(auditVerdict('').unaudited ?? '', /no JSON/);
});
