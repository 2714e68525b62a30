module.exports = {
  displayName: 'platform',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // Leader election is checked behind Debian's PgBouncer; the setup installs it when it is missing.
  globalSetup: '<rootDir>/src/partitioned-feed/install-pgbouncer.js',
};
