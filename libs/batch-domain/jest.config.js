module.exports = {
  displayName: 'batch-domain',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
