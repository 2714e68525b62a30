module.exports = {
  displayName: 'fuzz',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
