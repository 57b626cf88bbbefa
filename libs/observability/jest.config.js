// Unit specs live next to the code they test.
module.exports = { ...require('../../jest.preset.js'), testMatch: ['<rootDir>/src/**/*.spec.ts'] };
