// Every service's integration specs, against real Postgres, Redis and Kafka; run with --runInBand.
module.exports = {
  projects: ['<rootDir>/services/*/jest.int.config.js'],
};
