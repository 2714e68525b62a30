module.exports = {
  displayName: 'embedded',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // End-to-end specs start the runtime as a real process.
  testTimeout: 60_000,
  setupFilesAfterEnv: ['<rootDir>/src/e2e/openapi-conformance.setup.ts'],
};
