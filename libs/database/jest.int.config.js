// Integration specs run against real Postgres (see libs/testing).
module.exports = {
  ...require('../../jest.preset.js'),
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/../testing/src/jest-global-setup.ts',
  testTimeout: 60000,
};
