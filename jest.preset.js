// Shared jest settings: SWC transpiles TypeScript (with decorator metadata, which Nest's DI needs),
// and the @daybreak/* libraries are read from source so a change in a lib needs no build step.
const path = require('node:path');
const swcrc = JSON.parse(require('node:fs').readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.$schema;

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)s$': ['@swc/jest', { ...swcrc, swcrc: false }] },
  moduleNameMapper: {
    '^@daybreak/(contracts|content|nest-common|database|messaging|redis|testing|observability)$': path.join(
      __dirname,
      'libs/$1/src/index.ts',
    ),
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
};
