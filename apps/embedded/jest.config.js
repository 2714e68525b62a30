module.exports = {
  displayName: 'embedded',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // End-to-end specs start the runtime as a real process.
  testTimeout: 60_000,
  // The project's 43 files are the suite's longest job; each spec file's runtime waits a quarter
  // of its time, and every file keeps to its own port, data folder, database and Redis prefix.
  maxWorkers: 2,
  setupFilesAfterEnv: ['<rootDir>/src/e2e/openapi-conformance.setup.ts'],
};
