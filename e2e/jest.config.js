// System tests: real processes of the whole stack (started by scripts/test.mjs), driven over HTTP.
module.exports = {
  ...require('../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/system/**/*.system-spec.ts'],
  testTimeout: 120000,
};
