module.exports = {
  displayName: 'dashboard',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // Browser tests drive Debian's Chromium; the setup installs it when it is missing.
  globalSetup: '<rootDir>/src/e2e/install-chromium.js',
  // End-to-end specs start the runtime as a real process and a browser.
  testTimeout: 120_000,
};
