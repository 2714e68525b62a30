module.exports = {
  displayName: 'batch',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
