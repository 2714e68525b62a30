module.exports = {
  displayName: 'replay',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
