module.exports = {
  displayName: 'reference-data',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
