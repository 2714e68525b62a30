module.exports = {
  displayName: 'chaos',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
