// Every library's and service's integration specs, against real Postgres, Redis and Kafka; run with --runInBand.
// testTimeout is a global option: the projects' own values apply only when a project runs alone.
module.exports = {
  projects: ['<rootDir>/libs/*/jest.int.config.js', '<rootDir>/services/*/jest.int.config.js'],
  testTimeout: 120000,
};
