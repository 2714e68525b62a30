module.exports = {
  displayName: 'distributed-e2e',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // Each spec file starts a Kafka broker and six app processes; two files at once would starve a 2-core machine.
  maxWorkers: 1,
  testTimeout: 120_000,
  setupFilesAfterEnv: ['<rootDir>/src/openapi-conformance.setup.ts'],
};
