module.exports = {
  displayName: 'order',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
