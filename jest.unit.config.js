// Every unit spec of the libs, services and deployment manifests in one jest run (the nx `test` targets run them per project).
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/deploy/jest.config.js',
  ],
};
