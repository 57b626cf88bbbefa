// Integration specs run against real Postgres, Redis and Kafka (see libs/testing): the rate limiter
// here; sign-in and the media proxy are tested against the whole stack (e2e/system).
module.exports = {
  ...require('../../jest.preset.js'),
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/jest-global-setup.ts',
  testTimeout: 60000,
};
