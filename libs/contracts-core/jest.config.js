module.exports = {
  displayName: 'contracts-core',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
