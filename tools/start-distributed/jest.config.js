module.exports = {
  displayName: 'start-distributed',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // The end-to-end spec starts a broker and a dozen app processes: one file at a time.
  maxWorkers: 1,
  testTimeout: 300_000,
};
