module.exports = {
  displayName: 'label',
  preset: '../../jest.preset.js',
  rootDir: '.',
  // Specs draw hundreds of labels on worker threads; a loaded CI machine can take several seconds.
  testTimeout: 60_000,
};
