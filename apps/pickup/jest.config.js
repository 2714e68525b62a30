module.exports = {
  displayName: 'pickup',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
